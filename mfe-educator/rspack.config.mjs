import { createAppConfig } from '../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'educator',
  title: 'Academy – educator',
  // The pages this remote serves: its App routes them and its manifest publishes them to the shell.
  pagesFile: './src/pages.json',
  exposes: { './App': './src/App.tsx' },
});
