import type { CourseListPage, PurchaseResult } from '@academy/contracts';
import { signInOverHttp, type SpaClient } from '@academy/sandbox/scripted-sign-in';
import { demoPassword } from '../../launcher/start-portal.js';

/** Who and what the mixes use: demo accounts signed in through the sandbox, courses and one enrolled course's lectures. */
export interface LoadContext {
  learnerTokens: string[];
  educatorToken: string;
  courseIds: string[];
  paidCourseIds: string[];
  enrolled: { courseId: string; lectureIds: string[] };
  searchWords: string[];
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const body = (await response.json().catch(() => ({}))) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

async function signInAs(portalUrl: string, sandboxUrl: string, email: string): Promise<string> {
  const config = await json<{ auth0: { clientId: string; audience: string } }>(`${portalUrl}/runtime-config.json`);
  const client: SpaClient = { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portalUrl };
  return (await signInOverHttp(`${sandboxUrl}/`, client, 'login', { email, password: demoPassword })).access_token;
}

/** A paid purchase as the browser makes it: order, sandbox Checkout, verification (waits for the job). */
async function buyCourse(portalUrl: string, sandboxUrl: string, token: string, email: string, courseId: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const purchase = await json<PurchaseResult>(`${portalUrl}/api/user/purchase`, { method: 'POST', headers: auth, body: JSON.stringify({ courseId }) });
  if (!purchase.order) return; // a free course: enrolled at once
  const payment = await json<Record<string, string>>(`${sandboxUrl}/razorpay/checkout/pay`, {
    method: 'POST',
    body: JSON.stringify({ key: purchase.keyId, order_id: purchase.order.id, email }),
  });
  await json(`${portalUrl}/api/user/verifyRazorpay`, { method: 'POST', headers: auth, body: JSON.stringify({ ...payment, purchaseId: purchase.purchaseId }) });
}

export async function prepareLoadContext(portalUrl: string, sandboxUrl: string): Promise<LoadContext> {
  const learners = ['aarav@demo.academy', 'diya@demo.academy'];
  const learnerTokens = [];
  for (const email of learners) learnerTokens.push(await signInAs(portalUrl, sandboxUrl, email));
  const educatorToken = await signInAs(portalUrl, sandboxUrl, 'meera@demo.academy');
  const list = await json<CourseListPage>(`${portalUrl}/api/course/all?limit=50`);
  const courseIds = list.courses.map((course) => course._id);
  const paidCourseIds = list.courses.filter((course) => course.coursePrice * (1 - course.discount / 100) > 0).map((course) => course._id);
  if (paidCourseIds.length < 3) throw new Error('the demo catalogue has too few paid courses for the load mixes');
  const enrolledCourse = paidCourseIds[0]!;
  for (const [index, token] of learnerTokens.entries()) await buyCourse(portalUrl, sandboxUrl, token, learners[index]!, enrolledCourse);
  const detail = await json<{ courseData: { courseContent: { chapterContent: { lectureId?: string }[] }[] } }>(`${portalUrl}/api/course/${enrolledCourse}`, {
    headers: { authorization: `Bearer ${learnerTokens[0]}` },
  });
  const lectureIds = detail.courseData.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => lecture.lectureId)).filter((id): id is string => Boolean(id));
  if (lectureIds.length === 0) throw new Error(`course ${enrolledCourse} has no lectures with ids`);
  const searchWords = [...new Set(list.courses.flatMap((course) => course.courseTitle.split(/\s+/)).filter((word) => word.length >= 5))].slice(0, 8);
  return { learnerTokens, educatorToken, courseIds, paidCourseIds, enrolled: { courseId: enrolledCourse, lectureIds }, searchWords };
}
