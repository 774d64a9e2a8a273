import type { InternalCourse } from '@academy/contracts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Catalogue's two internal routes commerce calls, over real HTTP, with courses the test defines. */
export async function startFakeCatalogue(internalToken: string) {
  const courses = new Map<string, InternalCourse>();
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers['x-internal-token'] !== internalToken) return send(401, { success: false, message: 'bad token' });
    const course = /^\/internal\/courses\/([^/]+)$/.exec(request.url ?? '');
    if (course) {
      const found = courses.get(decodeURIComponent(course[1]!));
      return found ? send(200, { success: true, course: found }) : send(404, { success: false, message: 'Course not found' });
    }
    const summary = /^\/internal\/educators\/([^/]+)\/summary$/.exec(request.url ?? '');
    if (summary) {
      const educatorId = decodeURIComponent(summary[1]!);
      return send(200, { success: true, educatorId, courseCount: [...courses.values()].filter((c) => c.educatorId === educatorId).length });
    }
    return send(404, { success: false, message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    add(course: Partial<InternalCourse> & Pick<InternalCourse, '_id' | 'coursePrice' | 'discount' | 'educatorId'>): InternalCourse {
      const full: InternalCourse = {
        courseTitle: `Course ${course._id.slice(0, 4)}`,
        courseThumbnail: '',
        educatorName: 'Meera Iyer',
        isPublished: true,
        createdAt: new Date().toISOString(),
        courseContent: [],
        ...course,
      };
      courses.set(full._id, full);
      return full;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
