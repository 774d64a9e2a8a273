// Bench only ("what federation costs", docs/performance.md): the shell and the remotes' pages built as ONE bundle, from the
// same source files and the same rspack settings, without Module Federation. `npm run bench` builds it and the
// pages benchmark measures it next to the federated portal, against the same services and data.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig, workspaceRoot } from '../../tools/rspack/create-app-config.mjs';

const here = import.meta.dirname;
const shell = createAppConfig({ appDir: path.join(workspaceRoot, 'shell'), name: 'shell', title: 'Academy' })({}, { mode: 'production' });

export default {
  ...shell,
  entry: { main: path.join(here, 'main.mjs') },
  output: { ...shell.output, path: path.join(here, 'dist'), uniqueName: 'academy_single_bundle' },
  resolve: {
    ...shell.resolve,
    // The pages' calls into the federation runtime (register, preload, load a remote's module) are answered
    // by the bundle itself: a "remote module" is one of its own code-split chunks.
    alias: { ...shell.resolve.alias, '@module-federation/enhanced/runtime$': path.join(here, 'federation-in-bundle.mjs') },
  },
  plugins: shell.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
};
