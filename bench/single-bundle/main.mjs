// Entry of the single-bundle build: the shell's own start, with no async boundary (nothing is shared).
import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '@academy/contracts';
import { startShell } from '../../shell/src/bootstrap.tsx';

startShell(() => fetch(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST));
