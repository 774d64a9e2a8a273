// Bench only ("what federation costs", docs/performance.md): the shell and the remotes' pages built as ONE bundle, from the
// same source files and the same rspack settings, without Module Federation. `npm run bench` builds it and the
// pages benchmark measures it next to the federated portal, against the same services and data.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';
import { createAppConfig, readRouteTable, workspaceRoot } from '../../tools/rspack/create-app-config.mjs';

const here = import.meta.dirname;
/** The remotes' route tables, from the same `pages.json` files their builds publish in mf-manifest.json. */
const routeTables = Object.fromEntries(
  [
    ['learner', 'mfe-learner'],
    ['educator', 'mfe-educator'],
    ['info', 'mfe-info-pages'],
  ].map(([remote, folder]) => {
    const { pages, fallbacks, ownChrome } = readRouteTable(path.join(workspaceRoot, folder, 'src', 'pages.json'));
    return [remote, { pages, fallbacks, ownChrome }];
  }),
);
const shell = createAppConfig({ appDir: path.join(workspaceRoot, 'shell'), name: 'shell', title: 'Academy' })({}, { mode: 'production' });

export default {
  ...shell,
  entry: { main: path.join(here, 'main.mjs') },
  output: { ...shell.output, path: path.join(here, 'dist'), uniqueName: 'academy_single_bundle' },
  resolve: {
    ...shell.resolve,
    // The pages' calls into the federation runtime (register, preload, load a remote's module) are answered
    // by the bundle itself: a "remote module" is one of its own code-split chunks.
    // The route tables are the bundle's own (platform-in-bundle.mjs).
    alias: {
      ...shell.resolve.alias,
      '@module-federation/enhanced/runtime$': path.join(here, 'federation-in-bundle.mjs'),
      '@academy/platform$': path.join(here, 'platform-in-bundle.mjs'),
    },
  },
  plugins: [
    ...shell.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
    new rspack.DefinePlugin({ SINGLE_BUNDLE_ROUTE_TABLES: JSON.stringify(routeTables) }),
  ],
};
