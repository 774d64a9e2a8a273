// Test helper: a stand-in for catalogue's GET /internal/courses/:id and POST /internal/courses/batch (checks the
// internal token and the batch contract), shared by progress's integration specs.
import { internalCoursesBatchRequestSchema, type InternalCourse } from '@academy/contracts';
import { TEST_INTERNAL_TOKEN } from '@academy/service-core/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCatalogue {
  url: string;
  courses: Map<string, InternalCourse>;
  calls: number;
  /** The ids of each batch call, in order. */
  batches: string[][];
  close(): Promise<void>;
}

export async function startFakeCatalogue(courses: InternalCourse[]): Promise<FakeCatalogue> {
  const fake = { courses: new Map(courses.map((course) => [course._id, course])), calls: 0, batches: [] } as unknown as FakeCatalogue;
  const server: Server = createServer((req, res) => {
    fake.calls += 1;
    const send = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers['x-internal-token'] !== TEST_INTERNAL_TOKEN) return send(401, { success: false, message: 'bad token' });
    if (req.method === 'POST' && req.url === '/internal/courses/batch') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const parsed = internalCoursesBatchRequestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
        if (!parsed.success) return send(400, { success: false, message: parsed.error.issues[0]!.message });
        fake.batches.push(parsed.data.ids);
        return send(200, { success: true, courses: parsed.data.ids.flatMap((id) => (fake.courses.has(id) ? [fake.courses.get(id)!] : [])) });
      });
      return;
    }
    const match = /^\/internal\/courses\/([^/?]+)$/.exec(req.url ?? '');
    const course = match ? fake.courses.get(decodeURIComponent(match[1]!)) : undefined;
    if (!course) return send(404, { success: false, message: 'Course not found' });
    return send(200, { success: true, course });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
