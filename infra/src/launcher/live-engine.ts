import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureJanus, type JanusHandle } from '../local/janus.js';
import { findFreePort } from '../local/process-utils.js';
import { dataDir } from '../paths.js';

/**
 * The live classes' video engine for `npm start` and the test portals: Janus on its private port (a free port and
 * a folder of its own, removed at stop, for an isolated test portal). Without it the launcher says why once and goes
 * on: the portal then answers that live classes are unavailable.
 */
export async function startLiveEngine(options: { env: NodeJS.ProcessEnv; log: (line: string) => void; isolatedSuffix?: string }): Promise<JanusHandle> {
  const { env, log, isolatedSuffix } = options;
  const folder = isolatedSuffix ? path.join(dataDir, `janus-test-${isolatedSuffix}`) : undefined;
  const janus = await ensureJanus({ env, log, ...(folder ? { dataDir: folder, port: await findFreePort() } : {}) });
  if (!janus.url) log(`WARNING: ${janus.reason}`);
  if (!folder) return janus;
  return {
    ...janus,
    stop: async () => {
      await janus.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
