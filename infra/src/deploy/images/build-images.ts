import { readFileSync } from 'node:fs';
import { repoRoot } from '../../paths.js';
import { images, type ImageSpec } from '../images.js';
import { buildah, buildUlimitArgs, type BuildahStore } from './buildah.js';

export interface BuiltImage {
  spec: ImageSpec;
  ref: string;
  seconds: number;
}

/** The reference an image is built under here: never pushed, so the tag says where it came from. */
export const localRef = (spec: ImageSpec): string => `localhost/${spec.name}:test`;

/**
 * Builds every image from the repository's Dockerfiles (context: the repository root, filtered by .dockerignore),
 * one after another; `--layers` lets the three service builds share their common first steps, and the docker
 * format keeps the Dockerfiles' HEALTHCHECK (OCI images have none).
 */
export async function buildEveryImage(
  store: BuildahStore,
  baseArgs: Record<string, string>,
  volumes: string[],
  log: (line: string) => void,
  only?: string[],
): Promise<BuiltImage[]> {
  const built: BuiltImage[] = [];
  for (const spec of images.filter((candidate) => !only?.length || only.includes(candidate.name.replace(/^academy\//, '')))) {
    const ref = localRef(spec);
    const started = Date.now();
    log(`building ${ref} from ${spec.dockerfile.slice(repoRoot.length + 1)}`);
    const declared = new Set([...readFileSync(spec.dockerfile, 'utf8').matchAll(/^ARG (\w+)/gm)].map((match) => match[1]));
    const buildArgs = Object.entries({ ...baseArgs, ...spec.buildArgs })
      .filter(([key]) => declared.has(key))
      .flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]);
    const steps = (line: string) => /STEP \d+\/\d+/.test(line) && log(`  ${line.slice(0, 140)}`);
    await buildah(store, ['bud', '--isolation', 'chroot', ...buildUlimitArgs(), '--format', 'docker', '--layers', ...volumes, '-f', spec.dockerfile, ...buildArgs, '-t', ref, repoRoot], steps);
    built.push({ spec, ref, seconds: (Date.now() - started) / 1000 });
  }
  return built;
}

export interface ImageFacts {
  sizeBytes: number;
  user: string;
}

/** The image's size as stored (uncompressed layers) and the user its config runs as. */
export async function imageFacts(store: BuildahStore, ref: string): Promise<ImageFacts> {
  const listed = JSON.parse(await buildah(store, ['images', '--json', ref])) as { size?: string | number }[];
  const config = JSON.parse(await buildah(store, ['inspect', '--type', 'image', ref])) as { OCIv1?: { config?: { User?: string } } };
  return { sizeBytes: parseSize(listed[0]?.size ?? 0), user: config.OCIv1?.config?.User ?? '' };
}

const units: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9 };

/** buildah lists sizes as decimal-unit text ("199 MB"). */
export function parseSize(size: string | number): number {
  if (typeof size === 'number') return size;
  const match = /^([\d.]+)\s*([kKMG]?B)$/.exec(size.trim());
  if (!match) throw new Error(`unexpected image size "${size}"`);
  return Number(match[1]) * units[match[2]!]!;
}
