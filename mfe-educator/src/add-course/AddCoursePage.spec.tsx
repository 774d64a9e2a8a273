import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, on, ok, renderEducatorApp, type SeenRequest } from '../testing/educatorTestKit';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'thumb.png', { type: 'image/png' });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.restoreAllMocks());

async function openAddCourse() {
  const user = userEvent.setup();
  const view = renderEducatorApp('/educator/add-course');
  // The lazy editor chunk has loaded (the first import of a test run is slow on a busy machine).
  await screen.findByRole('textbox', { name: 'Course Description' }, { timeout: 5000 });
  return { user, ...view };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Course Title'), 'Class 7 Maths: Integers');
  await user.type(screen.getByLabelText('Course Price'), '349.5');
  await user.type(screen.getByLabelText('Discount %'), '10');
  await user.selectOptions(screen.getByLabelText('Class (from)'), '7');
  await user.selectOptions(screen.getByLabelText('Class (to)'), '7');
  await user.selectOptions(screen.getByLabelText('Subject'), 'mathematics');
  await user.selectOptions(screen.getByLabelText('Board'), 'cbse');
}

describe('Add Course: what the course is for', () => {
  it('requires the class range, subject and board, with a message under each', async () => {
    fakeServer();
    const { user } = await openAddCourse();
    await user.type(screen.getByLabelText('Course Title'), 'Class 7 Maths: Integers');
    await user.type(screen.getByLabelText('Course Price'), '349.5');
    await user.type(screen.getByLabelText('Discount %'), '10');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Choose the subject')).toBeInTheDocument();
    expect(screen.getByLabelText('Class (from)')).toHaveAccessibleDescription('Choose the class (from)');
    expect(screen.getByLabelText('Board')).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByLabelText('Class (from)'), '12');
    await user.selectOptions(screen.getByLabelText('Class (to)'), '11');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Class (to) cannot be below Class (from)')).toBeInTheDocument();
  });
});

async function addChapter(user: ReturnType<typeof userEvent.setup>, name: string | null) {
  jest.spyOn(window, 'prompt').mockReturnValueOnce(name);
  await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
}

async function addLecture(user: ReturnType<typeof userEvent.setup>, chapter: string, title: string, free: boolean) {
  await user.click(screen.getByRole('button', { name: `+ Add Lecture to ${chapter}` }));
  await user.type(screen.getByLabelText('Lecture Title'), title);
  await user.type(screen.getByLabelText('Duration (minutes)'), '75');
  await user.type(screen.getByLabelText('Lecture URL (YouTube or uploaded video)'), 'https://youtu.be/abcdefghijk');
  if (free) await user.click(screen.getByRole('checkbox', { name: 'Is Preview Free?' }));
  await user.click(screen.getByRole('button', { name: 'Add' }));
}

describe('Add Course', () => {
  it('shows "Thumbnail Not Selected" and sends nothing without a thumbnail', async () => {
    const seen = fakeServer();
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Thumbnail Not Selected')).toBeInTheDocument();
    expect(seen.filter((r) => r.path.includes('add-course'))).toEqual([]);
  });

  it('shows the contract\'s errors under the fields (aria-invalid, aria-describedby) and sends nothing', async () => {
    const seen = fakeServer();
    const { user } = await openAddCourse();
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.type(screen.getByLabelText('Course Price'), '-5');
    await user.type(screen.getByLabelText('Discount %'), '150');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const title = screen.getByLabelText('Course Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Course Title is required');
    expect(screen.getByLabelText('Course Price')).toHaveAccessibleDescription('Course Price cannot be negative');
    expect(screen.getByLabelText('Discount %')).toHaveAccessibleDescription('Discount must be between 0 and 100');
    expect(title).toHaveFocus(); // the first invalid field
    expect(seen.filter((r) => r.path.includes('add-course'))).toEqual([]);

    // Corrected fields lose their error once submitted again.
    await user.type(title, 'Integers');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    await waitFor(() => expect(title).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Discount %')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a price whose amount after discount cannot be charged (between ₹0 and ₹1, above ₹5,00,000) under Course Price', async () => {
    const seen = fakeServer();
    const { user } = await openAddCourse();
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.type(screen.getByLabelText('Course Title'), 'Tiny price');
    await user.type(screen.getByLabelText('Course Price'), '1.5');
    await user.type(screen.getByLabelText('Discount %'), '50');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const price = screen.getByLabelText('Course Price');
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription('The price after discount must be ₹0 (free) or at least ₹1 (₹0.75 after the 50% discount)');
    expect(price).toHaveFocus();

    await user.clear(price);
    await user.type(price, '600000');
    await user.clear(screen.getByLabelText('Discount %'));
    await user.type(screen.getByLabelText('Discount %'), '0');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription('The price after discount may not exceed ₹5,00,000'));
    expect(seen.filter((r) => r.path.includes('add-course'))).toEqual([]);
  });

  it('adds chapters by prompt; an empty or cancelled name adds nothing; new chapters are expanded and empty', async () => {
    fakeServer();
    const { user } = await openAddCourse();
    await addChapter(user, null);
    await addChapter(user, '   ');
    expect(screen.getByText('No chapters yet.')).toBeInTheDocument();
    await addChapter(user, 'Integers');
    await addChapter(user, 'Practice');
    const toggle = screen.getByRole('button', { name: '2 Practice' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByText('0 Lectures')).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: '+ Add Lecture to Practice' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: '+ Add Lecture to Practice' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove chapter 1 Integers' }));
    expect(screen.getByRole('button', { name: '1 Practice' })).toBeInTheDocument();
  });

  it('lists lectures with number, title, duration, link and Free Preview or Paid, and removes them', async () => {
    fakeServer();
    const { user } = await openAddCourse();
    await addChapter(user, 'Integers');
    await addLecture(user, 'Integers', 'Number line', true);
    await addLecture(user, 'Integers', 'Adding negatives', false);
    const items = within(screen.getByRole('button', { name: '1 Integers' }).closest('li')!).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.lecture-row__text')!.textContent)).toEqual([
      '1. Number line - 1h 15m - Link to Number line (opens in a new tab) - Free Preview',
      '2. Adding negatives - 1h 15m - Link to Adding negatives (opens in a new tab) - Paid',
    ]);
    expect(screen.getByText('2 Lectures')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove lecture 1 Number line' }));
    expect(screen.getByText('1 Lecture')).toBeInTheDocument();
  });

  it('submits multipart courseData and image, toasts the server message and resets every field and the editor', async () => {
    let sent: SeenRequest | undefined;
    fakeServer(on('POST', '/api/educator/add-course', (request) => ((sent = request), { status: 201, body: { success: true, message: 'Course Added' } })));
    const { user } = await openAddCourse();
    await fillRequired(user);
    const editable = screen.getByRole('textbox', { name: 'Course Description' });
    act(() => {
      const html = '<p>Negative <b>numbers</b></p>';
      const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
      event.clipboardData = { types: ['text/html', 'text/plain'], getData: (t: string) => (t === 'text/html' ? html : 'Negative numbers'), files: [], items: [] };
      editable.dispatchEvent(event);
    });
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    expect(screen.getByRole('img', { name: 'Preview of thumb.png' })).toHaveAttribute('src', 'blob:preview');
    await addChapter(user, 'Integers');
    await addLecture(user, 'Integers', 'Number line', true);

    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Course Added')).toBeInTheDocument();

    const form = sent!.body as FormData;
    expect(sent!.headers.Authorization).toBe('Bearer test-access-token');
    expect((form.get('image') as File).name).toBe('thumb.png');
    expect(JSON.parse(form.get('courseData') as string)).toEqual({
      courseTitle: 'Class 7 Maths: Integers',
      courseDescription: '<p>Negative <strong>numbers</strong></p>',
      coursePrice: 349.5,
      discount: 10,
      classFrom: 7,
      classTo: 7,
      subject: 'mathematics',
      board: 'cbse',
      courseContent: [
        { chapterTitle: 'Integers', chapterContent: [{ lectureTitle: 'Number line', lectureDuration: 75, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: '', testUrl: '', isPreviewFree: true }] },
      ],
    });

    await waitFor(() => expect(screen.getByLabelText('Course Title')).toHaveValue(''));
    expect(screen.getByLabelText('Course Price')).toHaveValue(null);
    expect(screen.getByLabelText('Discount %')).toHaveValue(null);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(screen.getByText('No chapters yet.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Course Description' })).toHaveTextContent(/^$/);
  });

  it('adds a chapter quiz of three kinds, showing the contract\'s errors under the fields first', async () => {
    let sent: SeenRequest | undefined;
    fakeServer(on('POST', '/api/educator/add-course', (request) => ((sent = request), { status: 201, body: { success: true, message: 'Course Added' } })));
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await addChapter(user, 'Integers');
    await addLecture(user, 'Integers', 'Number line', true);
    await user.click(screen.getByRole('button', { name: '+ Add Quiz to Integers' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Quiz' });
    await user.type(within(dialog).getByLabelText('Quiz Title'), 'Integers check');
    await user.type(within(dialog).getByLabelText('Question 1 text'), 'What is -3 + 5?');
    await user.type(within(dialog).getByLabelText('Question 1 Choice 1'), '2');
    await user.type(within(dialog).getByLabelText('Question 1 Choice 2'), '-8');
    await user.clear(within(dialog).getByLabelText('Pass mark %'));
    await user.type(within(dialog).getByLabelText('Pass mark %'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    expect(await within(dialog).findByText('A question needs a correct answer')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pass mark %')).toHaveAccessibleDescription('Pass mark must be between 0 and 100');
    expect(within(dialog).getByLabelText('Pass mark %')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Pass mark %'));
    await user.type(within(dialog).getByLabelText('Pass mark %'), '50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correct answer: question 1 choice 1' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add question' }));
    await user.selectOptions(within(dialog).getByLabelText('Kind of question 2'), 'multiple');
    await user.type(within(dialog).getByLabelText('Question 2 text'), 'Which are negative?');
    await user.type(within(dialog).getByLabelText('Question 2 Choice 1'), '-1');
    await user.type(within(dialog).getByLabelText('Question 2 Choice 2'), '-7');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correct answer: question 2 choice 1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correct answer: question 2 choice 2' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add question' }));
    await user.selectOptions(within(dialog).getByLabelText('Kind of question 3'), 'numeric');
    await user.type(within(dialog).getByLabelText('Question 3 text'), 'What is -4 × 2.5?');
    await user.type(within(dialog).getByLabelText('Correct answer to question 3'), '-10');
    await user.type(within(dialog).getByLabelText('Explanation for question 3 (optional)'), 'A negative times a positive is negative');
    await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Quiz: Integers check - 3 questions - pass mark 50%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Course Added')).toBeInTheDocument();
    const sentCourse = JSON.parse((sent!.body as FormData).get('courseData') as string);
    expect(sentCourse.courseContent[0].quiz).toEqual({
      title: 'Integers check',
      passMark: 50,
      attemptLimit: null,
      questions: [
        { kind: 'single', prompt: 'What is -3 + 5?', points: 1, explanation: null, choices: [{ text: '2', correct: true }, { text: '-8', correct: false }], answer: null, tolerance: null },
        { kind: 'multiple', prompt: 'Which are negative?', points: 1, explanation: null, choices: [{ text: '-1', correct: true }, { text: '-7', correct: true }], answer: null, tolerance: null },
        { kind: 'numeric', prompt: 'What is -4 × 2.5?', points: 1, explanation: 'A negative times a positive is negative', choices: [], answer: -10, tolerance: 0 },
      ],
    });
  }, 30_000);

  it('shows the upload progress while the course and its thumbnail are sent', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fakeServer(on('POST', '/api/educator/add-course', async () => (await answered, { status: 201, body: { success: true, message: 'Course Added' } })));
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading the course' });
    await waitFor(() => expect(progress).toHaveAttribute('value', '50'));
    expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
    act(() => answer());
    expect(await screen.findByText('Course Added')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server message on failure and keeps what was typed', async () => {
    fakeServer(on('POST', '/api/educator/add-course', failure(400, 'discount: Discount must be between 0 and 100')));
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('discount: Discount must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Course Title')).toHaveValue('Class 7 Maths: Integers');
  });

  it('refuses a thumbnail that is not PNG, JPEG or WebP', async () => {
    fakeServer();
    await openAddCourse();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Course Thumbnail'), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
  });
});

describe('Edit Course', () => {
  const course = {
    _id: '10000000-0000-4000-8000-000100000000',
    courseTitle: 'Class 8 Algebra',
    courseDescription: '<p>Old <strong>text</strong></p>',
    courseThumbnail: '/media/thumbnails/algebra.svg',
    coursePrice: 999,
    discount: 50,
    isPublished: true,
    createdAt: '2025-01-10T09:00:00.000Z',
    classFrom: 8,
    classTo: 8,
    subject: 'mathematics' as const,
    board: 'cbse' as const,
    courseContent: [
      { chapterId: 'c-1', chapterOrder: 1, chapterTitle: 'Basics', chapterContent: [
        { lectureId: 'l-1', lectureOrder: 1, lectureTitle: 'Variables', lectureDuration: 20, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: false, notesUrl: null, testUrl: null },
      ] },
    ],
  };

  it('prefills the form and saves with PUT, keeping ids, then returns to My Courses', async () => {
    let sent: SeenRequest | undefined;
    fakeServer(
      on('GET', `/api/educator/courses/${course._id}`, ok({ course })),
      on('PUT', `/api/educator/courses/${course._id}`, (request) => ((sent = request), ok({ message: 'Course Updated' }))),
      on('GET', '/api/educator/courses', ok({ courses: [] })),
    );
    const user = userEvent.setup();
    const { location } = renderEducatorApp(`/educator/edit-course/${course._id}`);
    expect(await screen.findByLabelText('Course Title')).toHaveValue('Class 8 Algebra');
    expect(screen.getByLabelText('Course Price')).toHaveValue(999);
    expect(screen.getByRole('img', { name: 'Current thumbnail' })).toHaveAttribute('src', course.courseThumbnail);
    expect(await screen.findByRole('textbox', { name: 'Course Description' })).toHaveTextContent('Old text');
    expect(screen.getByRole('button', { name: '1 Basics' })).toHaveAttribute('aria-expanded', 'false');

    await user.clear(screen.getByLabelText('Course Title'));
    await user.type(screen.getByLabelText('Course Title'), 'Class 8 Algebra, revised');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course Updated')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/educator/my-courses'));

    const form = sent!.body as FormData;
    expect(form.get('image')).toBeNull();
    const data = JSON.parse(form.get('courseData') as string);
    expect(data).toMatchObject({ courseTitle: 'Class 8 Algebra, revised', coursePrice: 999, discount: 50, courseDescription: '<p>Old <strong>text</strong></p>' });
    expect(data).toMatchObject({ classFrom: 8, classTo: 8, subject: 'mathematics', board: 'cbse' });
    expect(data.courseContent[0]).toMatchObject({ chapterId: 'c-1', chapterContent: [{ lectureId: 'l-1', lectureTitle: 'Variables' }] });
  });

  it("shows the server's message when the course is not the educator's", async () => {
    fakeServer(on('GET', `/api/educator/courses/${course._id}`, failure(404, 'Course not found')));
    renderEducatorApp(`/educator/edit-course/${course._id}`);
    expect(await screen.findByRole('heading', { name: 'The course could not be loaded' })).toBeInTheDocument();
    expect(screen.getAllByText('Course not found').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to My Courses' })).toHaveAttribute('href', '/educator/my-courses');
  });
});
