// For the edge's specs: an HTTP server answering fixed API paths with JSON (404 with the services' error shape
// otherwise), standing where the services are, and what it was asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnsweringApi {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export function startAnsweringApi(answers: Record<string, unknown>): Promise<AnsweringApi> {
  const requests: string[] = [];
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      const answer = answers[req.url ?? ''];
      res.writeHead(answer ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer ?? { success: false, message: 'Not found' }));
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
