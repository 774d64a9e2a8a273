import type { LoadContext } from './load-setup.js';
import type { MixRequest } from './rate-step.js';

/** A named mix of requests and which service answers most of it (for the per-replica figure). */
export interface Mix {
  name: string;
  what: string;
  service: 'catalogue' | 'commerce' | 'progress' | 'all';
  requests: MixRequest[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const cycle = <T>(items: T[], index: number): T => items[index % items.length]!;

function singleMixes(context: LoadContext): Mix[] {
  const learner = (index: number) => bearer(cycle(context.learnerTokens, index));
  const { courseId, lectureIds } = context.enrolled;
  return [
    {
      name: 'browse',
      what: 'the shell page and course list pages (nginx + catalogue)',
      service: 'catalogue',
      requests: [
        { method: 'GET', path: '/' },
        { method: 'GET', path: '/api/course/all?limit=12' },
        { method: 'GET', path: '/api/course/all?limit=24' },
        { method: 'GET', path: '/api/course/all?limit=12&free=true' },
      ],
    },
    {
      name: 'search',
      what: 'course list filtered by a title word',
      service: 'catalogue',
      requests: context.searchWords.map((word) => ({ method: 'GET', path: `/api/course/all?limit=12&search=${encodeURIComponent(word)}` })),
    },
    {
      name: 'course page',
      what: 'course detail, anonymous',
      service: 'catalogue',
      requests: context.courseIds.slice(0, 20).map((id) => ({ method: 'GET', path: `/api/course/${id}` })),
    },
    {
      name: 'progress writes',
      what: "the player's position saves (an enrolled learner)",
      service: 'progress',
      requests: lectureIds.slice(0, 10).map((lectureId, index) => ({
        method: 'POST',
        path: '/api/user/update-course-progress/playback',
        headers: learner(index),
        body: JSON.stringify({ courseId, lectureId, positionSeconds: 30 + index }),
      })),
    },
    {
      name: 'purchases',
      what: 'orders for paid courses (commerce creates the Razorpay order in the sandbox)',
      service: 'commerce',
      requests: context.paidCourseIds.slice(1, 9).map((id, index) => ({ method: 'POST', path: '/api/user/purchase', headers: learner(index), body: JSON.stringify({ courseId: id }) })),
    },
    {
      name: 'doubts',
      what: "a lecture's doubts and a search of the course's doubts (posting is limited per learner by design)",
      service: 'progress',
      requests: [
        ...lectureIds.slice(0, 3).map((lectureId, index) => ({ method: 'GET' as const, path: `/api/doubts/${courseId}?lectureId=${lectureId}`, headers: learner(index) })),
        { method: 'GET', path: `/api/doubts/${courseId}/search?q=${encodeURIComponent('how')}`, headers: learner(0) },
      ],
    },
    {
      name: 'educator dashboard',
      what: "the educator's dashboard (commerce: totals, latest enrolments)",
      service: 'commerce',
      requests: [{ method: 'GET', path: '/api/educator/dashboard', headers: bearer(context.educatorToken) }],
    },
  ];
}

/**
 * The single mixes, then all of them together in the shares a day of use might have: mostly browsing, course pages
 * and the player's saves, a few purchases.
 */
export function loadMixes(context: LoadContext): Mix[] {
  const singles = singleMixes(context);
  const shares: Record<string, number> = { browse: 6, search: 2, 'course page': 4, 'progress writes': 5, purchases: 1, doubts: 2, 'educator dashboard': 1 };
  const together: MixRequest[] = [];
  for (const mix of singles) for (let index = 0; index < shares[mix.name]!; index += 1) together.push(cycle(mix.requests, index));
  // Interleave so every connection sees the whole spread, not one kind at a time.
  const interleaved = together.map((request, index) => ({ request, key: (index * 7919) % together.length })).sort((a, b) => a.key - b.key).map((entry) => entry.request);
  return [...singles, { name: 'everything', what: `all of the above in shares ${JSON.stringify(shares)}`, service: 'all', requests: interleaved }];
}
