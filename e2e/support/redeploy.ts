// Building a changed copy of one remote, as its team would ship it, and deploying it over the folder the edge serves.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Copies `workspace` (without dist/ and node_modules/) beside the real one, so it resolves the same node_modules
 * and tools, lets `change` edit the copy's sources, builds it for production and copies its output over
 * `servedDir`. Only that remote is rebuilt: the shell and the other remotes keep their files.
 */
export async function rebuildAndRedeploy(workspace: string, servedDir: string, change: (appCopy: string) => Promise<void>): Promise<void> {
  const workDir = await mkdtemp(path.join(repoRoot, '.e2e-redeploy-'));
  try {
    const appCopy = path.join(workDir, workspace);
    await cp(path.join(repoRoot, workspace), appCopy, {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}dist`) && !source.includes('node_modules'),
    });
    // The copy sits one level deeper than the real app: give it the `../tools` its config imports, and the app's
    // own node_modules (packages npm did not hoist to the root).
    await symlink(path.join(repoRoot, 'tools'), path.join(workDir, 'tools'));
    const appModules = path.join(repoRoot, workspace, 'node_modules');
    if (existsSync(appModules)) await symlink(appModules, path.join(appCopy, 'node_modules'));
    await change(appCopy);
    await promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], { cwd: appCopy });
    await rm(servedDir, { recursive: true, force: true });
    await cp(path.join(appCopy, 'dist'), servedDir, { recursive: true });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
