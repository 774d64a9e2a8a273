import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Bind mounts for the builds' RUN steps. Where this machine's network inspects TLS, its extra certificate
 * authorities (NODE_EXTRA_CA_CERTS, a bundle that also holds the public ones) are lent to npm inside the build
 * through a mounted npmrc; nothing of it ends up in a layer. Elsewhere: none.
 */
export function buildVolumes(cacheDir: string): string[] {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (!bundle || !existsSync(bundle)) return [];
  mkdirSync(cacheDir, { recursive: true });
  const npmrc = path.join(cacheDir, 'build.npmrc');
  writeFileSync(npmrc, 'cafile=/run/academy-build/ca.pem\nupdate-notifier=false\n');
  return ['--volume', `${path.resolve(bundle)}:/run/academy-build/ca.pem:ro`, '--volume', `${npmrc}:/usr/local/etc/npmrc:ro`];
}
