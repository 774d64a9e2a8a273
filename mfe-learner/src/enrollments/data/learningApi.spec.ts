import { fileResponse, installFetchMock, jsonResponse } from '@academy/platform/testing';
import i18next from 'i18next';
import { downloadCertificate, downloadCertificateAt } from './learningApi';

describe('certificate downloads in the language shown', () => {
  const fetchMock = installFetchMock();
  let asked: string[];
  let status: number;
  beforeEach(() => {
    asked = [];
    status = 200;
    fetchMock.answer(/certificates/, ({ path, search }) => {
      asked.push(`${path}${search}`);
      return status === 200 ? fileResponse('certificate-AC-1.pdf', '%PDF') : jsonResponse(status, {});
    });
    URL.createObjectURL = jest.fn(() => 'blob:certificate');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
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
