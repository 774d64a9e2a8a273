import { PassThrough } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../testing/eventually.js';
import { loggerParams } from './logging.js';

describe('request logs', () => {
  let server: Server;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const params = loggerParams('info', 'test').pinoHttp as Parameters<typeof pinoHttp>[0] & object;
    const log = pinoHttp({ ...params, stream } as Parameters<typeof pinoHttp>[0]);
    server = createServer((req, res) => {
      log(req, res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never writes a credential header: authorization, cookie, internal and operator tokens are redacted', async () => {
    const { port } = server.address() as AddressInfo;
    const secrets = {
      authorization: 'Bearer eyJ-access-token-value',
      cookie: 'session=cookie-value',
      'x-internal-token': 'internal-token-value-0000',
      'x-operator-token': 'operator-token-value-0000',
    };
    await new Promise<void>((resolve, reject) => {
      const call = httpRequest({ host: '127.0.0.1', port, path: '/internal/queues', headers: secrets }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      call.on('error', reject);
      call.end();
    });
    // pino-http writes the line when the response finishes, which may be just after the client has read it.
    await eventually(() => lines.some((line) => line.includes('/internal/queues')), { what: 'the request log line' });
    const written = lines.join('\n');
    expect(written).toContain('/internal/queues');
    for (const value of Object.values(secrets)) expect(written).not.toContain(value);
    const entry = JSON.parse(lines.find((line) => line.includes('/internal/queues'))!) as { req: { headers: Record<string, string> } };
    expect(entry.req.headers['x-operator-token']).toBe('[redacted]');
  });
});
