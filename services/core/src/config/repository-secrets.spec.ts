import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCTION_SECRET_MIN_LENGTHS, productionSandboxProblems, weakSecretProblem } from './config.js';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Every literal this repository gives to something named like a secret (`…SECRET…`, `…TOKEN…`, `…PASSWORD…`,
 * `…secret`, `…Token`: test fixtures, the manifests' placeholders, the sandbox's defaults, benchmarks).
 */
function repositorySecretLiterals(): Map<string, string> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|json|ya?ml|env|md|conf|sh|Dockerfile)$|(^|\/)\.env/.test(file) && !file.endsWith('package-lock.json'));
  const assignment = /([A-Za-z_]*(?:SECRET|TOKEN|PASSWORD|[sS]ecret|[tT]oken|[pP]assword)[A-Za-z_]*)['"]?\s*[:=]\s*(['"`]?)([^'"`\s,;}{)(<]{6,})/g;
  const found = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed but absent (a sparse checkout)
    }
    for (const match of text.matchAll(assignment)) {
      const value = match[3]!;
      // In code only a quoted literal is a value; in YAML, env and config files a bare word is one too.
      if (match[2] === '' && /\.(ts|tsx|js|mjs|json)$/.test(file)) continue;
      // Expressions, not literals: environment look-ups, property paths, calls, template parts.
      if (/^(process\.|env\.|config\.|this\.|options\.|import|await|new|typeof|randomBytes|string|number|boolean|z\.)/.test(value)) continue;
      if (/^[a-z]+[A-Z]\w*(\.\w+)*$/.test(value)) continue; // a camelCase identifier
      found.set(value, `${file}: ${match[0].slice(0, 80)}`);
    }
  }
  return found;
}

describe('production secrets never come from the repository', () => {
  const literals = repositorySecretLiterals();

  it('finds the repository\'s fixtures and placeholders (the scan works)', () => {
    expect(literals.has('REPLACE_ME')).toBe(true);
    expect(literals.has('test-media-link-secret-0123456789abcdef')).toBe(true);
    expect(literals.has('sandbox_webhook_secret')).toBe(true);
  });

  it('refuses each of them for every production secret', () => {
    const accepted: string[] = [];
    for (const [value, where] of literals) {
      for (const name of Object.keys(PRODUCTION_SECRET_MIN_LENGTHS)) {
        if (!weakSecretProblem(name, value)) accepted.push(`${name}=${value} (${where})`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('accepts generated secrets of the required length, refuses them shorter', () => {
    const generated = 'f3b1c9e27d4a86b05e9c2d7f13a8b6e4c0d95f72a1e8b3c6d4f09a7e2b5c8d1f';
    for (const name of Object.keys(PRODUCTION_SECRET_MIN_LENGTHS)) expect(weakSecretProblem(name, generated)).toBeUndefined();
    expect(weakSecretProblem('RAZORPAY_WEBHOOK_SECRET', generated.slice(0, 31))).toBe('RAZORPAY_WEBHOOK_SECRET must be at least 32 characters in production');
    expect(weakSecretProblem('RAZORPAY_KEY_SECRET', 'Xq7Lr2Zp9Wm4Tn6Kb8Vc1Hd3')).toBeUndefined(); // Razorpay's 24 characters
  });

  it('names the k8s secret placeholder in production', () => {
    const problems = productionSandboxProblems({ NODE_ENV: 'production', RAZORPAY_WEBHOOK_SECRET: 'REPLACE_ME', MEDIA_LINK_SECRET: 'test-media-link-secret-0123456789abcdef' });
    expect(problems).toEqual([
      'RAZORPAY_WEBHOOK_SECRET is a placeholder or test value, not a generated secret',
      'MEDIA_LINK_SECRET is a value written in the repository (a test or example secret)',
    ]);
  });
});
