import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalCallError, InternalClient } from './internal-client.js';

describe('InternalClient against a local HTTP server', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { path?: string; token?: string; body?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ path: request.url, token: request.headers['x-internal-token'] as string, body });
        if (request.url === '/internal/slow') return; // never answers
        if (request.url === '/internal/missing') {
          response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: 'Course not found' }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, echo: body || null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the internal token and JSON body, and parses the answer', async () => {
    const client = new InternalClient({ baseUrl, token: 'secret-token' });
    await expect(client.post('/internal/enrol', { purchaseId: 'p1' })).resolves.toEqual({ success: true, echo: '{"purchaseId":"p1"}' });
    await expect(client.get('internal/ping')).resolves.toEqual({ success: true, echo: null });
    expect(seen.slice(-2).map(({ path, token }) => ({ path, token }))).toEqual([
      { path: '/internal/enrol', token: 'secret-token' },
      { path: '/internal/ping', token: 'secret-token' },
    ]);
  });

  it('turns an error status into InternalCallError with status and message', async () => {
    const client = new InternalClient({ baseUrl, token: 't' });
    const error = await client.get('/internal/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalCallError);
    expect(error).toMatchObject({ status: 404, body: { success: false, message: 'Course not found' } });
    expect((error as Error).message).toContain('answered 404: Course not found');
  });

  it('gives up after the timeout', async () => {
    const client = new InternalClient({ baseUrl, token: 't', timeoutMs: 150 });
    const error = await client.get('/internal/slow').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalCallError);
    expect(error).toMatchObject({ status: undefined });
    expect((error as Error).message).toContain('timed out');
  });
});
