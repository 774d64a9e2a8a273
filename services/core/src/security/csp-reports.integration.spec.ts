import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { CoreModule } from '../core.module.js';
import { metricsRegistry } from '../metrics/http-metrics.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '../testing/service-env.js';
import { CSP_REPORTS_PER_MINUTE, CspReportsModule, pagePattern, violationsOf } from './csp-reports.js';

const legacyReport = (documentUri: string, blockedUri = 'https://www.youtube.com/embed/abc?token=secret') => ({
  'csp-report': {
    'document-uri': documentUri,
    'violated-directive': 'frame-src',
    'effective-directive': 'frame-src',
    'blocked-uri': blockedUri,
    disposition: 'enforce',
  },
});

async function violationCount(directive: string, page: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('csp_violations_total')?.get();
  return metric?.values.find((value) => value.labels.directive === directive && value.labels.page === page)?.value ?? 0;
}

describe('violation reports: POST /api/csp-reports (real Redis for the rate limit)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    @Module({ imports: [CoreModule.forRoot({ service: 'csp-test', database: { schema: 'csptest', entities: [], migrations: [] } }), CspReportsModule] })
    class ReportsAppModule {}
    app = (await Test.createTestingModule({ imports: [ReportsAppModule] }).compile()).createNestApplication({ logger: false });
    (app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void }).set('trust proxy', true);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await testEnv?.teardown();
  });

  it('takes a report-uri report (application/csp-report) without a token, answers 204 and counts it by directive and page', async () => {
    const before = await violationCount('frame-src', '/course/:id');
    await request(app.getHttpServer())
      .post('/api/csp-reports')
      .set('Content-Type', 'application/csp-report')
      .set('X-Forwarded-For', '203.0.113.1')
      .send(JSON.stringify(legacyReport('http://localhost:8080/course/7f3c2a10-1111-2222-3333-444455556666')))
      .expect(204);
    expect(await violationCount('frame-src', '/course/:id')).toBe(before + 1);
  });

  it('takes a Reporting API batch (application/reports+json), counting only its csp-violation entries', async () => {
    const before = await violationCount('media-src', '/player/:id');
    await request(app.getHttpServer())
      .post('/api/csp-reports')
      .set('Content-Type', 'application/reports+json')
      .set('X-Forwarded-For', '203.0.113.2')
      .send(
        JSON.stringify([
          { type: 'csp-violation', url: 'http://localhost:8080/player/42', age: 10, body: { documentURL: 'http://localhost:8080/player/42', effectiveDirective: 'media-src', blockedURL: 'https://cdn.example/v.m3u8' } },
          { type: 'csp-violation', url: 'http://localhost:8080/player/42', age: 12, body: { documentURL: 'http://localhost:8080/player/42', effectiveDirective: 'media-src', blockedURL: 'blob' } },
          { type: 'deprecation', url: 'http://localhost:8080/', body: { id: 'x' } },
        ]),
      )
      .expect(204);
    expect(await violationCount('media-src', '/player/:id')).toBe(before + 2);
  });

  it('answers a malformed report with 400 and a message, and counts nothing', async () => {
    const before = await violationCount('frame-src', '/');
    const server = app.getHttpServer();
    const notJson = await request(server).post('/api/csp-reports').set('Content-Type', 'application/csp-report').set('X-Forwarded-For', '203.0.113.3').send('{"csp-report":').expect(400);
    expect(notJson.body.success).toBe(false);
    const noDocument = await request(server)
      .post('/api/csp-reports')
      .set('Content-Type', 'application/csp-report')
      .set('X-Forwarded-For', '203.0.113.3')
      .send(JSON.stringify({ 'csp-report': { 'violated-directive': 'frame-src' } }))
      .expect(400);
    expect(noDocument.body).toEqual({ success: false, message: expect.stringMatching(/^Malformed CSP report: csp-report\.document-uri/) });
    const badBatch = await request(server)
      .post('/api/csp-reports')
      .set('Content-Type', 'application/reports+json')
      .set('X-Forwarded-For', '203.0.113.3')
      .send(JSON.stringify([{ type: 'csp-violation', url: 'http://localhost:8080/', body: { documentURL: 'http://localhost:8080/' } }]))
      .expect(400);
    expect(badBatch.body.message).toMatch(/^Malformed csp-violation report: effectiveDirective/);
    expect(await violationCount('frame-src', '/')).toBe(before);
  });

  it(`rate-limits each address to ${CSP_REPORTS_PER_MINUTE} reports a minute (429 with a message), other addresses unaffected`, async () => {
    const server = app.getHttpServer();
    const send = (address: string) =>
      request(server).post('/api/csp-reports').set('Content-Type', 'application/csp-report').set('X-Forwarded-For', address).send(JSON.stringify(legacyReport('http://localhost:8080/')));
    const statuses = await Promise.all(Array.from({ length: CSP_REPORTS_PER_MINUTE + 5 }, () => send('198.51.100.9').then((response) => response.status)));
    expect(statuses.filter((status) => status === 204)).toHaveLength(CSP_REPORTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const limited = await send('198.51.100.9').expect(429);
    expect(limited.body).toEqual({ success: false, message: expect.stringMatching(/^Too many violation reports: wait \d+ s$/) });
    await send('198.51.100.10').expect(204);
  });
});

describe('violationsOf and pagePattern', () => {
  it('reads the directive from violated-directive when effective-directive is missing (older browsers)', () => {
    expect(violationsOf({ 'csp-report': { 'document-uri': 'http://x/', 'violated-directive': "script-src 'self'" } })).toEqual([
      { directive: 'script-src', documentUrl: 'http://x/', blockedUrl: '', disposition: 'enforce' },
    ]);
  });

  it.each([
    ['http://localhost:8080/', '/'],
    ['http://localhost:8080/course/6f1c2e9a-8a1b-4c55-9d41-0a5c8c4b1f10', '/course/:id'],
    ['http://localhost:8080/course-list/algebra', '/course-list/algebra'],
    ['http://localhost:8080/course-list/Class%208%20Maths', '/course-list/:id'],
    ['http://localhost:8080/player/abc123?lecture=4', '/player/:id'],
    ['http://localhost:8080/a/b/c/d/e', '/a/b/c'],
    ['not a url', 'unknown'],
  ])('%s counts as page %s', (url, page) => {
    expect(pagePattern(url)).toBe(page);
  });
});
