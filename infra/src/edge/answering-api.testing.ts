// For the edge's specs: an HTTP server answering fixed API paths with JSON (404 with the services' error shape
// otherwise), standing where the services are, and what it was asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the API received it. */
export interface AskedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A fixed answer, or one that depends on the request (undefined: 401, as the services answer a missing sign-in). */
export type Answer = unknown | ((request: AskedRequest) => unknown);

export interface AnsweringApi {
  url: string;
  requests: string[];
  /** Every request in full, in order. */
  asked: AskedRequest[];
  close(): Promise<void>;
}

/** Answers `answers[url]` to a GET, `answers['POST ' + url]` to a POST. */
export function startAnsweringApi(answers: Record<string, Answer>): Promise<AnsweringApi> {
  const requests: string[] = [];
  const asked: AskedRequest[] = [];
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const request: AskedRequest = { method: req.method ?? 'GET', url: req.url ?? '', authorization: req.headers.authorization, body };
        requests.push(request.url);
        asked.push(request);
        const fixed = answers[request.method === 'GET' ? request.url : `${request.method} ${request.url}`];
        const answer = typeof fixed === 'function' ? (fixed as (asked: AskedRequest) => unknown)(request) : fixed;
        const status = answer !== undefined ? 200 : typeof fixed === 'function' ? 401 : 404;
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer ?? { success: false, message: status === 401 ? 'Sign in first' : 'Not found' }));
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        asked,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
