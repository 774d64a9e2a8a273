import { ESLint } from 'eslint';
import path from 'node:path';
import { repoRoot } from '../paths.js';

// The repository's own lint configuration, asked about SQL: a service, job or controller that writes SQL fails; the
// aggregate's repository, a migration and test set-up pass.
const eslint = new ESLint({ cwd: repoRoot });

async function sqlErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const rawQuery = "export const count = (dataSource: { query(sql: string): Promise<unknown> }) => dataSource.query('SELECT count(*) FROM progress.enrolments');\n";
const templateQuery = 'export const one = (manager: { query(sql: string, values: unknown[]): Promise<unknown> }, id: string) => manager.query(`SELECT 1 FROM commerce.purchases WHERE id = $1`, [id]);\n';
const builder = "export const list = (dataSource: { createQueryBuilder(): unknown }) => dataSource.createQueryBuilder();\n";

describe('SQL in npm run lint', () => {
  it.each([
    ['a service', 'services/progress/src/enrolments/enrolments.service.ts', rawQuery],
    ['a controller', 'services/commerce/src/refunds/refunds.controller.ts', templateQuery],
    ['a job', 'services/catalogue/src/live-classes/record-live-class.job.ts', rawQuery],
    ['a new file of a service', 'services/catalogue/src/new-area/new-thing.ts', builder],
  ])('fails in %s', async (_case, file, code) => {
    expect(await sqlErrors(file, code)).toEqual([expect.stringMatching(/repository/)]);
  });

  it.each([
    ['the repository', 'services/progress/src/enrolments/enrolments.repository.ts'],
    ['a migration', 'services/commerce/src/migrations/1800000000000-Next.ts'],
    ['test set-up', 'services/commerce/src/testing/ledger-entries.ts'],
    ['a spec', 'services/progress/src/enrolments/enrolments.integration.spec.ts'],
    ['the shared core (outbox, dead letters)', 'services/core/src/outbox/outbox-relay.ts'],
  ])('passes in %s', async (_case, file) => {
    expect(await sqlErrors(file, rawQuery)).toEqual([]);
  });

  it('leaves other calls named query alone (a query string of a request, a URL)', async () => {
    expect(await sqlErrors('services/progress/src/enrolments/enrolments.service.ts', 'export const q = (request: { query(name: string[]): unknown }) => request.query([\'a\']);\n')).toEqual([]);
  });
});
