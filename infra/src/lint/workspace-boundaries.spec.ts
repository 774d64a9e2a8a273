import { ESLint } from 'eslint';
import path from 'node:path';
import { repoRoot } from '../paths.js';

// The repository's own lint configuration, asked about imports that must fail and ones that must pass.
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('workspace boundaries in npm run lint', () => {
  it.each([
    ['a remote imports the shell', 'mfe-learner/src/probe.tsx', "import { ShellApp } from '../../shell/src/ShellApp.js';\nexport const x = ShellApp;\n"],
    ['a remote imports another remote', 'mfe-learner/src/probe.tsx', "import App from '../../mfe-educator/src/App.js';\nexport const x = App;\n"],
    ['a service imports another service', 'services/commerce/src/probe.ts', "import { AppModule } from '../../progress/src/app.module.js';\nexport const x = AppModule;\n"],
    ['a test harness reaches into another service', 'services/commerce/src/testing/probe.ts', "import { AppModule } from '../../../progress/src/app.module.js';\nexport const x = AppModule;\n"],
    ['production code imports the sandbox', 'services/catalogue/src/probe.ts', "import { startSandbox } from '@academy/sandbox/testing';\nexport const x = startSandbox;\n"],
    ['the contracts import the platform', 'libs/contracts/src/probe.ts', "import { loadRuntimeConfig } from '@academy/platform';\nexport const x = loadRuntimeConfig;\n"],
  ])('fails when %s', async (_case, file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['a remote uses the platform and the contracts', 'mfe-learner/src/probe.tsx', "import { loadRuntimeConfig } from '@academy/platform';\nimport { priceAfterDiscount } from '@academy/contracts';\nexport const x = [loadRuntimeConfig, priceAfterDiscount];\n"],
    ['a service uses core and its own files', 'services/commerce/src/probe.ts', "import { OutboxWriter } from '@academy/service-core';\nimport { AppModule } from './app.module.js';\nexport const x = [OutboxWriter, AppModule];\n"],
    ["a test starts another service through its testing entry point", 'services/commerce/src/testing/probe.ts', "import { ProgressAppModule } from '@academy/progress/testing';\nimport { startSandbox } from '@academy/sandbox/testing';\nexport const x = [ProgressAppModule, startSandbox];\n"],
  ])('passes when %s', async (_case, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
