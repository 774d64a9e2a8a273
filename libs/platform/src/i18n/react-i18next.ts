// react-i18next for the apps, re-exported by name so the bundler keeps only these parts (see ../api/react-query.ts):
// shared whole as a singleton it was about 2.5 KB compressed more on every first page (higher-order components, the
// server-side helpers). Through the platform, itself a singleton, the apps share the one i18next instance the
// platform starts. Apps import react-i18next from @academy/platform only (lint refuses the package elsewhere).
export { Trans, useTranslation } from 'react-i18next';
