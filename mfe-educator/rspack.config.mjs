import { createAppConfig } from '../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'educator',
  title: 'Academy – educator',
  exposes: { './App': './src/App.tsx' },
});
