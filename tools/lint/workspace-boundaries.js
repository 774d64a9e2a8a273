// Which part of the workspace may import which: a remote never imports the shell or another remote, a service
// never imports another service or the sandbox, `libs/contracts` imports nothing of ours. Test files and benchmarks
// may also use another package's public `testing` entry point (a real service or the sandbox started for a test).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Element types by folder; `name` tells two remotes (or two services) apart. */
const elements = [
  { type: 'contracts', pattern: 'libs/contracts' },
  { type: 'web-lib', pattern: 'libs/*', capture: ['name'] },
  { type: 'shell', pattern: 'shell' },
  { type: 'remote', pattern: 'mfe-*', capture: ['name'] },
  { type: 'service-core', pattern: 'services/core' },
  { type: 'sandbox', pattern: 'services/sandbox' },
  { type: 'service', pattern: 'services/*', capture: ['name'] },
  { type: 'infra', pattern: 'infra' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'tools', pattern: 'tools' },
];

const sameElement = { element: { captured: { name: '{{ from.element.captured.name }}' } } };
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

/** Production code: each row says what an element may import besides itself. */
const policies = [
  { from: { element: { type: 'contracts' } }, allow: to('contracts') },
  { from: { element: { type: 'web-lib' } }, allow: to('contracts', 'web-lib') },
  { from: { element: { type: 'shell' } }, allow: to('contracts', 'web-lib', 'shell') },
  { from: { element: { type: 'remote' } }, allow: to('contracts', 'web-lib') },
  { from: { element: { type: 'remote' } }, allow: { to: { element: { type: 'remote', ...sameElement.element } } } },
  { from: { element: { type: 'service-core' } }, allow: to('contracts', 'service-core') },
  { from: { element: { type: 'service' } }, allow: to('contracts', 'service-core') },
  { from: { element: { type: 'service' } }, allow: { to: { element: { type: 'service', ...sameElement.element } } } },
  { from: { element: { type: 'sandbox' } }, allow: to('contracts', 'sandbox') },
  // The launcher starts every part, so infra (and the journeys that use it) may import any of them.
  { from: { element: { type: 'infra' } }, allow: to('contracts', 'service-core', 'service', 'sandbox', 'infra', 'tools') },
  { from: { element: { type: 'e2e' } }, allow: to('contracts', 'infra', 'sandbox', 'service-core', 'e2e') },
  { from: { element: { type: 'tools' } }, allow: to('tools') },
];

/** Test files may start another service or the sandbox, but only through its `testing` entry point. */
const testPolicies = [
  ...policies,
  {
    from: { element: { types: { anyOf: ['service', 'service-core', 'web-lib', 'shell', 'remote'] } } },
    allow: { to: { element: { types: { anyOf: ['service', 'sandbox', 'web-lib'] } } }, dependency: { source: '@academy/*/testing' } },
  },
];

/** Build and test configuration of any package may use the shared presets in `tools/`. */
const configFilePolicies = [...policies, { allow: to('tools') }];

/** The TypeScript projects of the workspaces (so `./x.js` resolves to `./x.ts`, as tsc does). */
function workspaceTsconfigs(rootPath) {
  const { workspaces } = JSON.parse(readFileSync(path.join(rootPath, 'package.json'), 'utf8'));
  return workspaces.map((folder) => path.join(rootPath, folder, 'tsconfig.json')).filter((file) => existsSync(file));
}

const settings = (rootPath) => ({
  'boundaries/root-path': rootPath,
  'boundaries/elements': elements,
  'boundaries/include': ['**/*.{ts,tsx,js,mjs}'],
  'import/resolver': { typescript: { project: workspaceTsconfigs(rootPath), noWarnOnMultipleProjects: true }, node: true },
});

export function workspaceBoundaries(boundaries, rootPath) {
  return [
    {
      plugins: { boundaries },
      settings: settings(rootPath),
      rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies }] },
    },
    {
      files: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**', '**/test-support/**', '**/*.bench.ts'],
      rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: testPolicies }] },
    },
    {
      files: ['**/jest.config.js', '**/rspack.config.mjs'],
      rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: configFilePolicies }] },
    },
  ];
}
