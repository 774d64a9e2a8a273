import { createAppConfig } from '../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'learner',
  title: 'Academy – courses',
  exposes: { './App': './src/App.tsx' },
});
