/**
 * @jest-environment node
 */
// The learner's server module as the edge runs it: in Node, no window, with the page's first API answers.
import type { FirstScreenApiInit } from '@academy/contracts';
import { testRuntimeConfig } from '@academy/platform/testing';
import { renderPage } from './first-screen';
import { enrolledCourse, progress, userData } from '../enrollments/testing/learningTestKit';

const course = {
  _id: 'c42',
  courseTitle: 'Algebra for Class 9',
  courseDescription: '<p>Equations, step by step.</p>',
  coursePrice: 149900,
  discount: 0,
  courseThumbnail: '/media/thumbnails/algebra.svg',
  educator: { _id: 'e1', name: 'Meera Iyer' },
};

function request(url: string, answers: Record<string, unknown>, language: 'en' | 'hi' = 'en', phone = false) {
  const asked: string[] = [];
  return {
    asked,
    request: {
      url,
      language,
      phone,
      runtimeConfig: testRuntimeConfig,
      fetchApi: async (apiPath: string) => {
        asked.push(apiPath);
        if (apiPath in answers) return answers[apiPath];
        throw new Error(`${apiPath} is not a first-screen answer`);
      },
    },
  };
}

describe('the learner’s first screens rendered on the server', () => {
  it('renders the home page in the visitor’s language, with the first courses from the edge’s answer', async () => {
    const { request: english, asked } = request('/', { '/api/course/all?limit=4': { success: true, courses: [course], totalCount: 1 } });
    const html = (await renderPage(english))!;
    expect(asked).toContain('/api/course/all?limit=4');
    expect(html).toContain('<h1 id="home-hero-title" class="home-hero__title">Gain knowledge anytime, from anywhere.</h1>');
    expect(html).toContain('Algebra for Class 9');
    expect(html).toContain('src="/media/thumbnails/algebra.svg"');
    // Rendered as the browser shows it to a visitor who is not signed in: no loading view in place of the cards.
    expect(html).not.toContain('course-grid-skeleton');

    const { request: hindi } = request('/', {}, 'hi');
    const hindiHtml = (await renderPage(hindi))!;
    expect(hindiHtml).toContain('कहीं से भी');
    // Without an answer the cards render as the browser's placeholders.
    expect(hindiHtml).toContain('course-grid-skeleton');
  });

  it('renders a course page with its course', async () => {
    const { request: coursePage } = request('/course/c42', { '/api/course/c42': { success: true, courseData: { ...course, courseContent: [], courseRatings: [], enrolledStudents: [] } } });
    const html = (await renderPage(coursePage))!;
    expect(html).toMatch(/<h1 class="course-detail__title">Algebra for Class 9<\/h1>/);
  });

  it('lays the course list out for the screen the edge guessed: a phone gets the filters button, a wider screen the sidebar', async () => {
    const answers = { '/api/course/all?limit=12': { success: true, courses: [course], totalCount: 1 } };
    const onPhone = (await renderPage(request('/course-list', answers, 'en', true).request))!;
    expect(onPhone).toContain('course-list-page__filters-button');
    expect(onPhone).not.toContain('course-list-page__sidebar');
    const wider = (await renderPage(request('/course-list', answers).request))!;
    expect(wider).toContain('course-list-page__sidebar');
    expect(wider).not.toContain('course-list-page__filters-button');
  });

  it('renders no page that only a signed-in visitor sees', async () => {
    for (const url of ['/my-enrollments', '/player/c42', '/parent']) {
      expect(await renderPage(request(url, {}).request)).toBeNull();
    }
  });

  it('renders My Enrollments for the signed-in learner the edge names, with their courses and progress as the API gives them to that learner', async () => {
    const asked: string[] = [];
    const answers: Record<string, unknown> = {
      'GET /api/user/data': { success: true, user: userData() },
      'GET /api/user/enrolled-courses': { success: true, enrolledCourses: [enrolledCourse()] },
      'POST /api/user/get-course-progress {"courseId":"course-1"}': { success: true, progressData: progress({ lectureCompleted: ['l-1'] }) },
      'GET /api/user/purchases': { success: true, purchases: [] },
    };
    const signedIn = {
      url: '/my-enrollments',
      language: 'en' as const,
      phone: false,
      runtimeConfig: testRuntimeConfig,
      viewer: { userId: 'sandbox|student-aarav' },
      fetchApi: async (apiPath: string, init?: FirstScreenApiInit) => {
        const key = `${init?.method ?? 'GET'} ${apiPath}${init?.body ? ` ${init.body}` : ''}`;
        asked.push(key);
        if (key in answers) return answers[key];
        throw new Error(`${key}: HTTP 404`);
      },
    };
    const html = (await renderPage(signedIn))!;
    expect(html).toContain('<h1 class="enrollments__heading">My Enrollments</h1>');
    expect(html).toContain('Algebra Foundations');
    expect(html).toContain('aria-valuenow="33"');
    expect(html).toContain('Certificate: Needs 2 more lectures to complete');
    // Not the loading view, and not the sign-in prompt of a visitor.
    expect(html).not.toContain('loading-view');
    expect(html).not.toContain('login-required');
    expect(asked).toEqual(expect.arrayContaining(['GET /api/user/data', 'GET /api/user/enrolled-courses', 'POST /api/user/get-course-progress {"courseId":"course-1"}']));

    // The edge renders no public page as a learner, and a learner's page only from what the API answers them.
    expect(await renderPage({ ...signedIn, url: '/' })).toBeNull();
    await expect(renderPage({ ...signedIn, fetchApi: async () => Promise.reject(new Error('HTTP 401')) })).rejects.toThrow('HTTP 401');
    // A learner who keeps Hindi is shown Hindi by the portal: an English render would be replaced at once.
    answers['GET /api/user/data'] = { success: true, user: userData({ language: 'hi' }) };
    await expect(renderPage(signedIn)).rejects.toThrow('the learner keeps hi, the page asked for en');
    expect(await renderPage({ ...signedIn, language: 'hi' })).toContain('मेरे नामांकन');
  });
});
