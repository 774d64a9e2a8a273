// How many test files of one project run side by side. Jest's default is one fewer than the cores, which on a
// 2-core machine (CI's) is one: every file after the other. The integration tests mostly wait on PostgreSQL, Redis
// and their own HTTP servers, and each file has its own database, queue prefix and free ports, so two at once keep
// both cores busy (commerce's 15 files: 70 → 43 s on 2 cores). The browser journeys keep one (e2e/jest.config.js).
import { availableParallelism } from 'node:os';

export const testWorkers = Math.max(2, availableParallelism() - 1);
