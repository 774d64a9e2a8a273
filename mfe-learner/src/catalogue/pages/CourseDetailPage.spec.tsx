import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import {
  courseDetail,
  fakeServer,
  failure,
  ok,
  renderCatalogueAt,
  requestedUrls,
  userData,
  type FakeRoute,
} from '../testing/catalogueTestKit';
import type { CourseDetail } from '@academy/contracts';

const serveCourse =
  (course: CourseDetail): FakeRoute =>
  (url) =>
    url.pathname === `/api/course/${course._id}` ? ok({ courseData: course }) : undefined;

async function openCourse(course: CourseDetail, options: Parameters<typeof renderCatalogueAt>[1] = {}) {
  const server = fakeServer(serveCourse(course));
  const view = renderCatalogueAt(`/course/${course._id}`, options);
  expect(screen.getByRole('status')).toHaveTextContent('Loading course');
  await screen.findByRole('heading', { level: 1, name: course.courseTitle });
  return { server, view };
}

const chapterToggle = (name: RegExp) => screen.getByRole('button', { name });

describe('CourseDetailPage on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 47.99rem)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('puts the price, the struck original, the percent off and Enroll Now in the bottom bar', async () => {
    await openCourse(courseDetail({ coursePrice: 1000, discount: 20 }));
    const bar = screen.getByRole('region', { name: 'Buy this course' });
    expect(bar.querySelector('.course-buy-bar__price')).toHaveTextContent('Price: ₹800');
    expect(bar.querySelector('s')).toHaveTextContent('₹1,000');
    expect(within(bar).getByText('20% off')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
  });

  it('a coupon applied in the side card reprices the bar, and Enroll Now in the bar buys with the code (never a price)', async () => {
    const user = userEvent.setup();
    const course = courseDetail({ coursePrice: 1000, discount: 20 });
    const server = fakeServer(serveCourse(course), (url) =>
      url.pathname === '/api/user/coupon-price' ? ok({ code: 'HALF', listPricePaise: 80_000, discountPaise: 40_000, pricePaise: 40_000 }) : undefined,
    );
    renderCatalogueAt(`/course/${course._id}`, { user: userData() });
    await screen.findByRole('heading', { level: 1, name: course.courseTitle });
    await user.type(screen.getByLabelText('Coupon code'), 'half');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const applied = await screen.findByText((_, element) => element?.classList.contains('coupon-field__applied') ?? false);
    expect(applied.closest('[role="status"]')).toHaveTextContent('Code HALF applied: ₹400.00 off, you pay ₹400.00');
    const bar = screen.getByRole('region', { name: 'Buy this course' });
    expect(bar.querySelector('.course-buy-bar__price')).toHaveTextContent('Price: ₹400');
    expect(within(bar).getByText('code HALF')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(server.mock.calls.some(([input]) => String(input).endsWith('/api/user/purchase'))).toBe(true));
    const [, init] = server.mock.calls.find(([input]) => String(input).endsWith('/api/user/purchase'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ courseId: course._id, couponCode: 'HALF' });
  });

  const parent = userData({ _id: 'sandbox|parent-kavita', name: 'Kavita Sharma', enrolledCourses: [], publicMetadata: { role: 'parent' } });
  const child = (id: string, name: string, enrolledCourses: string[] = []) => ({ id, name, email: '', imageUrl: '', linkedAt: '2026-11-02T10:00:00.000Z', enrolledCourses });

  it('a parent: Enroll my child in the bar and the side card, no Enroll Now; the bar buys for the one child', async () => {
    const user = userEvent.setup();
    const course = courseDetail({ coursePrice: 1000, discount: 0 });
    const server = fakeServer(serveCourse(course), (url) =>
      url.pathname === '/api/parents/links' ? ok({ children: [child('sandbox|student-aarav', 'Aarav Sharma')], parents: [] }) : undefined,
    );
    renderCatalogueAt(`/course/${course._id}`, { user: parent });
    await screen.findByRole('heading', { level: 1, name: course.courseTitle });
    const bar = screen.getByRole('region', { name: 'Buy this course' });
    const barButton = await within(bar).findByRole('button', { name: 'Enroll my child (Aarav Sharma)' });
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).toBeNull();
    expect(within(screen.getByRole('complementary', { name: 'Enrolment' })).getByRole('button', { name: 'Enroll my child' })).toHaveClass('course-side-card__enroll');
    await user.click(barButton);
    await waitFor(() => expect(server.mock.calls.some(([input]) => String(input).endsWith('/api/user/purchase'))).toBe(true));
    const [, init] = server.mock.calls.find(([input]) => String(input).endsWith('/api/user/purchase'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ courseId: course._id, learnerId: 'sandbox|student-aarav' });
  });

  it('a parent with several children: the bar takes them to the Child select; with none linked it offers linking', async () => {
    const user = userEvent.setup();
    const course = courseDetail();
    fakeServer(serveCourse(course), (url) =>
      url.pathname === '/api/parents/links'
        ? ok({ children: [child('c-1', 'Aarav Sharma', [course._id]), child('c-2', 'Isha Sharma'), child('c-3', 'Rohit Sharma')], parents: [] })
        : undefined,
    );
    const view = renderCatalogueAt(`/course/${course._id}`, { user: parent });
    const bar = await screen.findByRole('region', { name: 'Buy this course' });
    await user.click(await within(bar).findByRole('button', { name: 'Enroll my child' }));
    const select = screen.getByLabelText('Child');
    expect(select).toHaveFocus();
    expect(within(select).getByRole('option', { name: 'Aarav Sharma (already enrolled)' })).toBeDisabled();
    view.unmount();

    fakeServer(serveCourse(course), (url) => (url.pathname === '/api/parents/links' ? ok({ children: [], parents: [] }) : undefined));
    renderCatalogueAt(`/course/${course._id}`, { user: parent });
    const emptyBar = await screen.findByRole('region', { name: 'Buy this course' });
    expect(await within(emptyBar).findByRole('link', { name: 'Link your child' })).toHaveAttribute('href', '/parent');
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).toBeNull();
  });
});

describe('CourseDetailPage coupon field', () => {
  it("shows the server's reason when a code cannot be used, and keeps the price", async () => {
    const user = userEvent.setup();
    const course = courseDetail({ coursePrice: 1000, discount: 0 });
    fakeServer(serveCourse(course), (url) => (url.pathname === '/api/user/coupon-price' ? failure(422, 'This coupon code has expired') : undefined));
    renderCatalogueAt(`/course/${course._id}`, { user: userData() });
    await screen.findByRole('heading', { level: 1, name: course.courseTitle });
    await user.type(screen.getByLabelText('Coupon code'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The coupon field's own alert (the page may show others, e.g. a section whose data this fake does not serve).
    expect(await screen.findByText('This coupon code has expired')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('.course-side-card__price')).toHaveTextContent('Price: ₹1,000');
  });
});

describe('CourseDetailPage', () => {
  it('shows the class, subject and board', async () => {
    await openCourse(courseDetail({ classFrom: 11, classTo: 12, subject: 'physics', board: 'cbse' }));
    const tags = document.querySelector('.course-detail__tags')!;
    expect(tags).toHaveTextContent('Class 11–12');
    expect(tags).toHaveTextContent('Physics');
    expect(tags).toHaveTextContent('CBSE');
  });

  it('says what the course is taught in (English when the answer has no language)', async () => {
    await openCourse(courseDetail({ language: 'hinglish' }));
    expect(document.querySelector('.course-detail__tags')).toHaveTextContent('Taught in Hinglish');
  });

  it('says it in Hindi when Hindi is shown', async () => {
    await openCourse(courseDetail({ language: 'hi' }));
    await act(() => i18next.changeLanguage('hi'));
    expect(document.querySelector('.course-detail__tags')).toHaveTextContent('हिंदी में पढ़ाया जाता है');
  });

  it('shows the title, excerpt, rating, plural counts and the author', async () => {
    const { server } = await openCourse(courseDetail({ ratingCount: 12, studentCount: 30, averageRating: 4 }));
    // One call for the course (the reviews section reads its own route: src/reviews/CourseReviews.spec.tsx).
    expect(requestedUrls(server).filter((url) => !url.startsWith('/api/reviews/'))).toEqual(['/api/course/course-1']);
    expect(screen.getByText('About Build a strong base in algebra.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 4 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.getByText('(12 ratings)')).toBeInTheDocument();
    expect(screen.getByText('30 students')).toBeInTheDocument();
    expect(screen.getByText(/Course by/)).toHaveTextContent('Course by Meera Iyer');
  });

  it('uses the singular for one rating and one student', async () => {
    await openCourse(courseDetail({ ratingCount: 1, studentCount: 1 }));
    expect(screen.getByText('(1 rating)')).toBeInTheDocument();
    expect(screen.getByText('1 student')).toBeInTheDocument();
  });

  it('cuts the excerpt at a word within 200 characters, with an ellipsis, and renders the full rich-text description', async () => {
    const longText = 'Conservation of energy. '.repeat(12).trim();
    await openCourse(courseDetail({ courseDescription: `<p>${longText}</p><ul><li>Weekly tests</li></ul>` }));
    const excerpt = document.querySelector('p.course-detail__excerpt')?.textContent ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt).toMatch(/ energy…$|Conservation of…$/);
    const description = screen.getByRole('region', { name: 'Course Description' });
    expect(within(description).getByRole('listitem')).toHaveTextContent('Weekly tests');
    expect(within(description).getByText(longText)).toBeInTheDocument();
  });

  it('shows price after discount, the original struck through and the percent off', async () => {
    const { view } = await openCourse(courseDetail({ coursePrice: 999, discount: 50 }));
    const card = screen.getByRole('complementary', { name: 'Enrolment' });
    expect(within(card).getByText('₹499.50')).toBeInTheDocument();
    const original = view.container.querySelector('s');
    expect(original).toHaveTextContent('₹999.00');
    expect(within(card).getByText('50% off')).toBeInTheDocument();
    // Total duration and lessons: 45 + 20 + 30 minutes in three lectures.
    expect(within(card).getByText('1h 35m')).toBeInTheDocument();
    expect(within(card).getByText('3 lessons')).toBeInTheDocument();
    expect(within(card).getByText('Certificate of completion')).toBeInTheDocument();
  });

  it('shows only the price when there is no discount', async () => {
    const { view } = await openCourse(courseDetail({ coursePrice: 499.5, discount: 0 }));
    expect(screen.getByText('₹499.50')).toBeInTheDocument();
    expect(view.container.querySelector('s')).toBeNull();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });

  it('expands and collapses chapters as an accordion with lecture counts and durations', async () => {
    const user = userEvent.setup();
    await openCourse(courseDetail());
    const first = chapterToggle(/Getting started/);
    expect(first).toHaveTextContent('2 lectures - 1h 5m');
    expect(chapterToggle(/Equations/)).toHaveTextContent('1 lecture - 30m');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /Getting started/ })).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: /Getting started/ });
    expect(first).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByText('Expressions')).toBeInTheDocument();
    expect(within(panel).getByText('20m')).toBeInTheDocument();

    // Keyboard: arrows move between chapter headers, Enter toggles.
    await user.keyboard('{ArrowDown}');
    expect(chapterToggle(/Equations/)).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers Preview only on free lectures and plays a YouTube preview in the side card', async () => {
    const user = userEvent.setup();
    await openCourse(courseDetail());
    await user.click(chapterToggle(/Getting started/));
    const panel = screen.getByRole('region', { name: /Getting started/ });
    const rows = within(panel).getAllByRole('listitem');
    expect(within(rows[1]!).queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Preview/ })).toHaveLength(1);

    await user.click(within(rows[0]!).getByRole('button', { name: 'Preview Welcome' }));
    const card = screen.getByRole('complementary', { name: 'Enrolment' });
    const player = within(card).getByTitle('Preview: Welcome');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });

  it('plays an mp4 preview in a muted autoplaying video with controls', async () => {
    const user = userEvent.setup();
    const { view } = await openCourse(courseDetail());
    await user.click(chapterToggle(/Equations/));
    await user.click(screen.getByRole('button', { name: 'Preview Balancing both sides' }));
    const video = view.container.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/videos/balance.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(view.container.querySelector('.course-side-card__thumbnail')).toBeNull();
  });

  it('disables the button and reads Already Enrolled for an enrolled user', async () => {
    await openCourse(courseDetail(), { user: userData({ enrolledCourses: ['other', 'course-1'] }) });
    expect(screen.getByRole('button', { name: 'Already Enrolled' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
  });

  it('warns a signed-out visitor to log in on Enroll Now', async () => {
    const user = userEvent.setup();
    await openCourse(courseDetail());
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByText('Login to Enroll')).toBeInTheDocument();
  });

  it('starts a purchase for a signed-in learner (the checkout itself is tested in src/checkout)', async () => {
    const user = userEvent.setup();
    const { server } = await openCourse(courseDetail(), { user: userData({ enrolledCourses: [] }) });
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(server.mock.calls.some(([input]) => String(input).endsWith('/api/user/purchase'))).toBe(true));
  });

  it('shows a not-found view with a way back to the list for an unknown course', async () => {
    fakeServer((url) => (url.pathname === '/api/course/missing' ? failure(404, 'Course not found') : undefined));
    renderCatalogueAt('/course/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/course-list');
  });

  it('treats a malformed id (400) as not found too', async () => {
    fakeServer(() => failure(400, 'Invalid course id'));
    renderCatalogueAt('/course/%20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
  });
});

describe('CourseDetailPage in Hindi', () => {
  it('names the class, subject and counts in Hindi, with prices in rupees with Indian grouping', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const course = courseDetail({ classFrom: 11, classTo: 12, subject: 'physics', coursePrice: 150_000, discount: 20, ratingCount: 1, studentCount: 12_345 });
    fakeServer(serveCourse(course));
    const view = renderCatalogueAt(`/course/${course._id}`);
    await screen.findByRole('heading', { level: 1, name: course.courseTitle });
    expect(document.querySelector('.course-detail__tags')).toHaveTextContent('कक्षा 11–12भौतिकीCBSE');
    expect(screen.getByText('(1 रेटिंग)')).toBeInTheDocument();
    expect(screen.getByText('12,345 छात्र')).toBeInTheDocument();
    expect(screen.getByText(/का कोर्स$/)).toHaveTextContent('Meera Iyer का कोर्स');
    expect(document.querySelector('.course-detail__structure-summary')).toHaveTextContent('2 अध्याय - 3 लेक्चर - कुल अवधि 1 घंटा 35 मिनट');
    expect(document.querySelector('.course-side-card__price')).toHaveTextContent('कीमत: ₹1,20,000.00');
    expect(document.querySelector('.course-side-card__original-price')).toHaveTextContent('मूल कीमत: ₹1,50,000.00');
    expect(screen.getByText('20% की छूट')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी नामांकन करें' })).toBeEnabled();
    view.unmount(); // before the setup switches back to English
  });

  it("says why a coupon code cannot be used in Hindi, and what an applied code takes off", async () => {
    await act(() => i18next.changeLanguage('hi'));
    const user = userEvent.setup();
    const course = courseDetail({ coursePrice: 1000, discount: 0 });
    let expired = true;
    fakeServer(serveCourse(course), (url) =>
      url.pathname !== '/api/user/coupon-price'
        ? undefined
        : expired
          ? failure(422, 'This coupon code has expired')
          : ok({ code: 'HALF', listPricePaise: 1_00_000, discountPaise: 50_000, pricePaise: 50_000 }),
    );
    const view = renderCatalogueAt(`/course/${course._id}`, { user: userData() });
    await screen.findByRole('heading', { level: 1, name: course.courseTitle });
    await user.type(screen.getByLabelText('कूपन कोड'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'लागू करें' }));
    expect(await screen.findByText('इस कूपन कोड की समय-सीमा ख़त्म हो गई है')).toHaveAttribute('role', 'alert');
    expired = false;
    await user.clear(screen.getByLabelText('कूपन कोड'));
    await user.type(screen.getByLabelText('कूपन कोड'), 'half');
    await user.click(screen.getByRole('button', { name: 'लागू करें' }));
    const applied = await screen.findByText((_, element) => element?.classList.contains('coupon-field__applied') ?? false);
    expect(applied).toHaveTextContent('कोड HALF लागू हुआ: ₹500.00 की छूट, आपको ₹500.00 देने हैं');
    view.unmount(); // before the setup switches back to English
  });
});
