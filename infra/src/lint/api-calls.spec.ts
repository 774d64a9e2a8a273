import { ESLint } from 'eslint';
import path from 'node:path';
import { repoRoot } from '../paths.js';

// The repository's own lint configuration, asked about API calls in a file that already calls by route constant:
// a direct call of the client or a hand-written /api/ path must fail, callApi and apiPath must pass.
const eslint = new ESLint({ cwd: repoRoot });
const migratedFile = 'mfe-learner/src/reviews/reviewsApi.ts';

async function apiCallErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('API calls in npm run lint', () => {
  it.each([
    ['the client is called directly', "export const mine = (api: { get(path: string): unknown }) => api.get('/reviews/course/c1/mine');\n", /callApi/],
    ['a form is posted directly', 'export const send = (client: { api: { postForm(path: string, form: FormData): unknown } }, path: string, form: FormData) => client.api.postForm(path, form);\n', /callApi/],
    ['an API path is a string', "export const listPath = '/api/course/all';\n", /apiPath/],
    ['an API path is a template', 'export const detailPath = (id: string) => `/api/course/${id}`;\n', /apiPath/],
  ])('fails when %s', async (_case, code, message) => {
    const errors = await apiCallErrors(migratedFile, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('passes callApi and apiPath with a route constant', async () => {
    const code = [
      "import { apiPath, reviewsMineRoute } from '@academy/contracts';",
      "import { callApi, type ApiClient } from '@academy/platform';",
      "export const mine = (api: ApiClient) => callApi(api, reviewsMineRoute, { params: { courseId: 'c1' } });",
      "export const link = apiPath(reviewsMineRoute, { params: { courseId: 'c1' } });",
      '',
    ].join('\n');
    expect(await apiCallErrors(migratedFile, code)).toEqual([]);
  });

  it('leaves the client itself alone: it sends what callApi asks', async () => {
    expect(await apiCallErrors('libs/platform/src/api/call-api.ts', "export const get = (api: { get(path: string): unknown }) => api.get('/api/x');\n")).toEqual([]);
  });

  it.each(['shell/src/chrome/NewMenu.tsx', 'mfe-educator/src/new-area/newApi.ts', 'libs/ui/src/new/NewCard.tsx', 'libs/platform/src/new/newApi.ts'])(
    'holds in every front-end source, a new file in %s included',
    async (file) => {
      expect(await apiCallErrors(file, "export const listPath = '/api/course/all';\n")).toEqual([expect.stringMatching(/apiPath/)]);
    },
  );
});
