// For the edge's specs of the first-screen render: a shell and a learner remote deployed in a temporary folder, as
// the edge meets them (index.html, manifests, server modules: CommonJS files implementing the contract), and an edge
// serving them in front of an answering API.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_SERVER_FILE } from '@academy/contracts';
import type { AnsweringApi } from './answering-api.testing.js';
import { createEdge, type EdgeOptions, type RunningEdge } from './edge-server.js';
import { runtimeConfigFromEnv } from './runtime-config.js';

export interface RenderingEdgeSetup {
  /** The shell's server module's source. */
  shellModule: string;
  /** The learner's server module's source. */
  learnerModule: string;
  /** The learner manifest's route table and first screens (`portalRoutes`, `portalFirstScreen`). */
  learnerMetaData: Record<string, unknown>;
  api: AnsweringApi;
  /** Edge options besides the apps, the services and the runtime config. */
  edgeOptions?: Partial<EdgeOptions>;
}

export interface RenderingEdge {
  edge: RunningEdge;
  learnerDir: string;
  close(): Promise<void>;
}

export async function startRenderingEdge({ shellModule, learnerModule, learnerMetaData, api, edgeOptions }: RenderingEdgeSetup): Promise<RenderingEdge> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'rendering-edge-'));
  const shellDir = path.join(workDir, 'shell');
  const learnerDir = path.join(workDir, 'learner');
  mkdirSync(path.join(shellDir, '.server'), { recursive: true });
  mkdirSync(path.join(learnerDir, '.server'), { recursive: true });
  writeFileSync(
    path.join(shellDir, 'index.html'),
    '<!doctype html><html lang="en"><head><script defer src="/main.aaaa1111.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(shellDir, 'mf-manifest.json'), JSON.stringify({ name: 'shell', metaData: {} }));
  writeFileSync(path.join(shellDir, FIRST_SCREEN_SERVER_FILE), shellModule);
  writeFileSync(
    path.join(learnerDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'learner', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ...learnerMetaData }, exposes: [] }),
  );
  writeFileSync(path.join(learnerDir, FIRST_SCREEN_SERVER_FILE), learnerModule);
  const edge = await createEdge({
    serviceUrls: { catalogue: api.url, commerce: api.url, progress: api.url },
    appDirs: { shell: shellDir, learner: learnerDir, educator: null, info: null },
    runtimeConfig: runtimeConfigFromEnv({ AUTH0_CLIENT_ID: 'spec-client' }, 'http://localhost:9999'),
    ...edgeOptions,
  }).listen(0);
  return {
    edge,
    learnerDir,
    close: async () => {
      await edge.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
