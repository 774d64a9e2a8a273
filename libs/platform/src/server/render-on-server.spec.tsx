/**
 * @jest-environment node
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testRuntimeConfig } from '../testing';
import { useApi } from '../api/use-api';
import { renderOnServer } from './render-on-server';

const never = new Promise<string>(() => undefined);

function Waiting() {
  return <p>{use(never)}</p>;
}

function Failing(): never {
  throw new Error('the part failed');
}

function Greeting() {
  const { t } = useTranslation('demo');
  const api = useApi();
  const course = useQuery({ queryKey: ['course'], queryFn: () => api.get<{ title: string }>('/course/c1') });
  return (
    <h1>
      {t('hello')}: {course.data?.title ?? 'loading'}
    </h1>
  );
}

const request = (fetchApi: (url: string) => Promise<unknown>) => ({ url: '/', language: 'hi' as const, phone: false, runtimeConfig: testRuntimeConfig, fetchApi });
const translations = { demo: { en: { hello: 'Hello' }, hi: { hello: 'नमस्ते' } } };

describe('a first screen rendered on the server', () => {
  it('renders in the request’s language with the answers the edge has, and as loading without them', async () => {
    const asked: string[] = [];
    const answered = await renderOnServer({
      request: request(async (url) => (asked.push(url), { success: true, title: 'Algebra' })),
      translations,
      element: <Greeting />,
    });
    expect(answered).toBe('<h1>नमस्ते<!-- -->: <!-- -->Algebra</h1>');
    expect(asked).toEqual([`${testRuntimeConfig.apiBaseUrl}/course/c1`]);

    const unanswered = await renderOnServer({ request: request(() => Promise.reject(new Error('not in time'))), translations, element: <Greeting /> });
    expect(unanswered).toBe('<h1>नमस्ते<!-- -->: <!-- -->loading</h1>');
  });

  it('gives up on a page with a part that never resolves, or fails, instead of sending it half rendered', async () => {
    const started = Date.now();
    const render = (element: ReactNode) => renderOnServer({ request: request(() => Promise.reject(new Error('none'))), translations, element });
    await expect(
      render(
        <Suspense fallback={<p>still loading</p>}>
          <Waiting />
        </Suspense>,
      ),
    ).rejects.toThrow(/abort/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(
      render(
        <Suspense fallback={<p>still loading</p>}>
          <Failing />
        </Suspense>,
      ),
    ).rejects.toThrow('the part failed');
  });
});
