import { createAppConfig, createServerRenderConfig } from '../tools/rspack/create-app-config.mjs';

const appDir = import.meta.dirname;
const learnerConfig = createAppConfig({
  appDir,
  name: 'learner',
  title: 'Academy – courses',
  // The pages this remote serves: its App routes them and its manifest publishes them to the shell.
  pagesFile: './src/pages.json',
  exposes: { './App': './src/App.tsx' },
});

export default (env, argv = {}) => {
  const app = { ...learnerConfig(env, argv), name: 'learner' };
  // The public pages' first screens, rendered on the edge (production builds: what `npm start` serves).
  if (app.mode !== 'production') return app;
  return [app, createServerRenderConfig({ appDir, name: 'learner' })];
};
