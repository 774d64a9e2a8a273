#!/usr/bin/env node
// `npm run images`: builds every deployable's image (infra/deploy/images) with docker, podman or buildah (no daemon),
// whichever runs, from the repository root. NODE_IMAGE / NGINX_IMAGE, when set, replace the Dockerfiles' base images
// (e.g. the local ones `npm run test:images` makes where no registry is reachable). Without any engine it says so
// and exits non-zero.
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

const runs = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const engine = ['docker', 'podman'].find((cmd) => runs(cmd, ['info'])) ?? (runs('buildah', ['--version']) ? 'buildah' : undefined);
if (!engine) {
  console.error('npm run images: no container engine (docker, podman or buildah) runs on this machine, so no image was built.');
  console.error('Debian: apt-get install -y buildah (no daemon needed). The Dockerfiles are also checked by src/deploy/dockerfiles.spec.ts.');
  process.exit(2);
}
// buildah builds without a daemon; chroot isolation works where podman/crun cannot (cgroups v1 hosts).
const buildCommand = engine === 'buildah' ? ['bud', '--isolation', 'chroot', '--format', 'docker', '--layers'] : ['build'];
const baseArgs = ['NODE_IMAGE', 'NGINX_IMAGE'].filter((name) => process.env[name]).flatMap((name) => ['--build-arg', `${name}=${process.env[name]}`]);
for (const image of images) {
  const ref = `${registry}${image.name}:${tag}`;
  console.log(`[images] ${engine} build ${ref}`);
  const result = spawnSync(engine, [...buildCommand, '-f', image.dockerfile, ...baseArgs, ...image.args, '-t', ref, '.'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  if (process.env.IMAGE_PUSH === '1') {
    const push = spawnSync(engine, ['push', ref], { stdio: 'inherit' });
    if (push.status !== 0) process.exit(push.status ?? 1);
  }
}
console.log(`[images] built: ${images.map((i) => `${registry}${i.name}:${tag}`).join(', ')}`);
