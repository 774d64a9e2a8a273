import i18next from 'i18next';
import { downloadCertificate, downloadCertificateAt } from './learningApi';

describe('certificate downloads in the language shown', () => {
  const realFetch = window.fetch;
  let asked: string[];
  let status: number;
  beforeEach(() => {
    asked = [];
    status = 200;
    window.fetch = jest.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return status === 200
        ? ({ ok: true, status, headers: new Headers({ 'content-disposition': 'attachment; filename="certificate-AC-1.pdf"' }), blob: async () => new Blob(['%PDF']) } as unknown as Response)
        : ({ ok: false, status, json: async () => ({}) } as Response);
    }) as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:certificate');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    window.fetch = realFetch;
    jest.restoreAllMocks();
  });

  it("asks for the learner's and a parent's certificate with lang=en, then lang=hi once Hindi is chosen", async () => {
    expect(await downloadCertificate('/api', 'token', 'course 1')).toBe('certificate-AC-1.pdf');
    await i18next.changeLanguage('hi');
    await downloadCertificate('/api', 'token', 'course 1');
    await downloadCertificateAt('/api', 'token', '/parents/children/child-1/certificates/course-1');
    expect(asked).toEqual([
      '/api/certificates/course/course%201?lang=en',
      '/api/certificates/course/course%201?lang=hi',
      '/api/parents/children/child-1/certificates/course-1?lang=hi',
    ]);
  });

  it('says a failed download without a server message in the language shown', async () => {
    status = 503;
    await expect(downloadCertificate('/api', 'token', 'c1')).rejects.toThrow('Could not download the certificate (HTTP 503)');
    await i18next.changeLanguage('hi');
    await expect(downloadCertificate('/api', 'token', 'c1')).rejects.toThrow('प्रमाणपत्र डाउनलोड नहीं हो सका (HTTP 503)');
  });
});
