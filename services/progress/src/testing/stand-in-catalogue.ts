// Test helper: a stand-in for catalogue's GET /internal/courses/:id, GET /internal/courses/:id/quizzes/:quizId and
// POST /internal/courses/batch (checks the internal token and the batch contract), shared by progress's integration specs.
import { internalCoursesBatchRequestSchema, type InternalCourse, type QuizDefinition } from '@academy/contracts';
import { TEST_INTERNAL_TOKEN } from '@academy/service-core/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCatalogue {
  url: string;
  courses: Map<string, InternalCourse>;
  /** Quizzes with their key, by quiz id (each belongs to the course whose chapter names it). */
  quizzes: Map<string, QuizDefinition>;
  calls: number;
  /** The ids of each batch call, in order. */
  batches: string[][];
  close(): Promise<void>;
}

export async function startFakeCatalogue(courses: InternalCourse[], quizzes: QuizDefinition[] = []): Promise<FakeCatalogue> {
  const fake = {
    courses: new Map(courses.map((course) => [course._id, course])),
    quizzes: new Map(quizzes.map((quiz) => [quiz.quizId, quiz])),
    calls: 0,
    batches: [],
  } as unknown as FakeCatalogue;
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
    const quizMatch = /^\/internal\/courses\/([^/?]+)\/quizzes\/([^/?]+)$/.exec(req.url ?? '');
    if (quizMatch) {
      const owner = fake.courses.get(decodeURIComponent(quizMatch[1]!));
      const quiz = fake.quizzes.get(decodeURIComponent(quizMatch[2]!));
      if (!owner || !quiz) return send(404, { success: false, message: 'Quiz not found' });
      return send(200, { success: true, courseId: owner._id, educatorId: owner.educatorId, quiz });
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
