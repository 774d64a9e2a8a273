#!/usr/bin/env node
// `npm run images`: builds every deployable's image (infra/deploy/images) with docker or podman, from the repository
// root. Where no container engine runs, it says so and exits non-zero; the Dockerfiles are then covered by
// infra/src/deploy/dockerfiles.spec.ts (parsed and checked, not built).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tag = process.env.IMAGE_TAG ?? 'latest';
const registry = process.env.IMAGE_REGISTRY ? `${process.env.IMAGE_REGISTRY.replace(/\/$/, '')}/` : '';
const images = [
  ...['catalogue', 'commerce', 'progress'].map((service) => ({
    name: `academy/${service}`,
    dockerfile: 'infra/deploy/images/service.Dockerfile',
    args: ['--build-arg', `SERVICE=${service}`],
  })),
  { name: 'academy/edge', dockerfile: 'infra/deploy/images/edge.Dockerfile', args: [] },
];

const engine = ['docker', 'podman'].find((cmd) => spawnSync(cmd, ['info'], { stdio: 'ignore' }).status === 0);
if (!engine) {
  console.error('npm run images: no container engine (docker or podman) is running on this machine, so no image was built.');
  console.error('The Dockerfiles are checked without an engine by the @academy/infra tests (src/deploy/dockerfiles.spec.ts).');
  process.exit(2);
}
for (const image of images) {
  const ref = `${registry}${image.name}:${tag}`;
  console.log(`[images] ${engine} build ${ref}`);
  const result = spawnSync(engine, ['build', '-f', image.dockerfile, ...image.args, '-t', ref, '.'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  if (process.env.IMAGE_PUSH === '1') {
    const push = spawnSync(engine, ['push', ref], { stdio: 'inherit' });
    if (push.status !== 0) process.exit(push.status ?? 1);
  }
}
console.log(`[images] built: ${images.map((i) => `${registry}${i.name}:${tag}`).join(', ')}`);
