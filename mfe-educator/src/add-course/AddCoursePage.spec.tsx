import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { CHECKLIST_MESSAGES, DRAFT_CONFLICT_MESSAGE, LECTURE_FILE_NOT_PDF_MESSAGE, LECTURE_FILE_TOO_LARGE_MESSAGE, PUBLIC_LINK_NOTICE } from '@academy/contracts';
import { failure, fakeServer, on, ok, renderEducatorApp, type FakeRoute, type Reply, type SeenRequest } from '../testing/educatorTestKit';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'thumb.png', { type: 'image/png' });

/**
 * Catalogue's draft routes at the network boundary: saves keep a version (a stale one is a 409), the thumbnail is
 * stored, the checklist answers `missing`, publish answers `publishReply`. `saves` are the bodies of the PUTs.
 */
function draftServer(options: { missing?: object[]; publishReply?: Reply; failSaves?: number } = {}) {
  const saves: { baseVersion: number; draft: { fields: Record<string, string>; courseContent: unknown[] } }[] = [];
  let version = 0;
  let failures = options.failSaves ?? 0;
  const routes: FakeRoute[] = [
    (request) => {
      if (request.method !== 'PUT' || !/^\/api\/educator\/courses\/[^/]+\/draft$/.test(request.path)) return undefined;
      if (failures > 0) {
        failures -= 1;
        return failure(503, 'Catalogue is unavailable');
      }
      const body = JSON.parse(request.body as string);
      if (body.baseVersion !== version) return failure(409, DRAFT_CONFLICT_MESSAGE);
      saves.push(body);
      version += 1;
      return ok({ version, savedAt: new Date().toISOString() });
    },
    (request) =>
      request.method === 'PUT' && request.path.endsWith('/thumbnail') ? ok({ thumbnailUrl: '/media/thumbnails/uploads/t.png' }) : undefined,
    (request) => (request.method === 'GET' && request.path.endsWith('/checklist') ? ok({ missing: options.missing ?? [] }) : undefined),
    (request) =>
      request.method === 'POST' && request.path.endsWith('/publish') ? (options.publishReply ?? ok({ message: 'Course Published', isPublished: true })) : undefined,
  ];
  return { routes, saves, lastSave: () => saves[saves.length - 1]! };
}

// The whole App renders, the editor chunk loads and the draft saves after its quiet time: slow on a shared machine.
jest.setTimeout(20_000);

beforeEach(() => {
  window.localStorage.clear();
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
    fakeServer(...draftServer().routes);
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

/** Types a chapter's name in the inline field ("+ Add Chapter" opens it) and presses Enter. */
async function addChapter(user: ReturnType<typeof userEvent.setup>, name: string) {
  const opener = screen.queryByRole('button', { name: '+ Add Chapter' });
  if (opener) await user.click(opener);
  const field = screen.getByRole('textbox', { name: 'Chapter name' });
  await user.clear(field);
  if (name) await user.type(field, name);
  await user.keyboard('{Enter}');
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
  it('shows "Thumbnail Not Selected" and publishes nothing without a thumbnail', async () => {
    const seen = fakeServer(...draftServer().routes);
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Thumbnail Not Selected')).toBeInTheDocument();
    expect(seen.filter((r) => r.path.includes('/publish') || r.path.includes('add-course'))).toEqual([]);
  });

  it('shows the contract\'s errors under the fields (aria-invalid, aria-describedby) and publishes nothing', async () => {
    const seen = fakeServer(...draftServer().routes);
    const { user } = await openAddCourse();
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.type(screen.getByLabelText('Course Price'), '-5');
    await user.type(screen.getByLabelText('Discount %'), '150');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const title = screen.getByLabelText('Course Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('0 of 200 characters Course Title is required');
    expect(screen.getByLabelText('Course Price')).toHaveAccessibleDescription('Course Price cannot be negative');
    expect(screen.getByLabelText('Discount %')).toHaveAccessibleDescription('Discount must be between 0 and 100');
    expect(title).toHaveFocus(); // the first invalid field
    expect(seen.filter((r) => r.path.includes('/publish'))).toEqual([]);

    // Corrected fields lose their error once submitted again.
    await user.type(title, 'Integers');
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    await waitFor(() => expect(title).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Discount %')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a price whose amount after discount cannot be charged (between ₹0 and ₹1, above ₹5,00,000) under Course Price', async () => {
    const seen = fakeServer(...draftServer().routes);
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
    expect(seen.filter((r) => r.path.includes('/publish'))).toEqual([]);
  });

  it('adds chapters in an inline field; an empty or cancelled name adds nothing; new chapters are expanded and empty', async () => {
    const seen = fakeServer(...draftServer().routes);
    const { user } = await openAddCourse();
    await user.click(screen.getByRole('button', { name: '+ Add Chapter' }));
    await user.keyboard('Kinem{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Chapter name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Chapter' })).toHaveFocus();
    await addChapter(user, '   ');
    expect(screen.getByRole('textbox', { name: 'Chapter name' })).toHaveAccessibleDescription('3 of 200 characters Enter the chapter name');
    expect(screen.getByText('No chapters yet.')).toBeInTheDocument();
    // Enter in the field adds the chapter; it never submits the course form around it.
    const publishes = () => seen.filter((r) => r.path.includes('/publish')).length;
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

    expect(publishes()).toBe(0);

    // A delete asks first, naming what goes; Cancel keeps the chapter.
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1 Integers' }));
    const question = screen.getByRole('alertdialog', { name: "Delete chapter 'Integers'?" });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: '1 Integers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1 Integers' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete chapter' }));
    expect(screen.getByRole('button', { name: '1 Practice' })).toBeInTheDocument();
  });

  it('lists lectures with number, title, duration, link and Free Preview or Paid, and removes them', async () => {
    fakeServer(...draftServer().routes);
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

    // Edited in place: the same dialog, filled in; the lecture keeps its place.
    await user.click(screen.getByRole('button', { name: 'Edit lecture 1 Number line' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Lecture' });
    const title = within(dialog).getByLabelText('Lecture Title');
    expect(title).toHaveValue('Number line');
    await user.clear(title);
    await user.type(title, 'The number line');
    await user.click(within(dialog).getByRole('button', { name: 'Save lecture' }));
    expect(items[0]!.parentElement!.querySelector('.lecture-row__text')!.textContent).toBe(
      '1. The number line - 1h 15m - Link to The number line (opens in a new tab) - Free Preview',
    );

    // A chapter with lectures names them in its question.
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1 Integers' }));
    expect(screen.getByRole('alertdialog', { name: "Delete chapter 'Integers' and its 2 lectures?" })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove lecture 1 The number line' }));
    await user.click(within(screen.getByRole('alertdialog', { name: "Delete lecture 'The number line'?" })).getByRole('button', { name: 'Delete lecture' }));
    expect(screen.getByText('1 Lecture')).toBeInTheDocument();
  });

  it('saves the draft as it is typed, publishes it with ADD, toasts "Course Added" and resets every field and the editor', async () => {
    const server = draftServer();
    const seen = fakeServer(...server.routes);
    const { user, location } = await openAddCourse();
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
    await waitFor(() => expect(document.querySelector('.draft-status')).toHaveTextContent('Saved'), { timeout: 5000 });
    expect(location()).toBe('/educator/add-course');

    await user.click(screen.getByRole('button', { name: 'ADD' }));
    expect(await screen.findByText('Course Added')).toBeInTheDocument();

    const saved = server.lastSave();
    expect(seen.find((r) => r.path.endsWith('/draft'))!.headers.Authorization).toBe('Bearer test-access-token');
    expect(saved.draft).toEqual({
      fields: {
        courseTitle: 'Class 7 Maths: Integers',
        courseDescription: '<p>Negative <strong>numbers</strong></p>',
        coursePrice: '349.5',
        discount: '10',
        classFrom: '7',
        classTo: '7',
        subject: 'mathematics',
        board: 'cbse',
        language: 'en',
      },
      courseContent: [
        { chapterTitle: 'Integers', chapterContent: [{ lectureTitle: 'Number line', lectureDuration: 75, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: '', testUrl: '', isPreviewFree: true }] },
      ],
    });
    // The draft's thumbnail, checklist and publish went to the same draft.
    const draftId = seen.find((r) => r.path.endsWith('/draft'))!.path.split('/')[4];
    expect(seen.filter((r) => r.path.endsWith('/thumbnail') || r.path.endsWith('/publish')).map((r) => r.path.split('/')[4])).toEqual([draftId, draftId]);

    await waitFor(() => expect(screen.getByLabelText('Course Title')).toHaveValue(''));
    expect(screen.getByLabelText('Course Price')).toHaveValue(null);
    expect(screen.getByLabelText('Discount %')).toHaveValue(null);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Taught in')).toHaveValue('en');
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(screen.getByText('No chapters yet.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Course Description' })).toHaveTextContent(/^$/);
  }, 20_000);

  it('asks what the course is taught in (English at first) and saves the choice in the draft', async () => {
    const server = draftServer();
    fakeServer(...server.routes);
    const { user } = await openAddCourse();
    const language = screen.getByRole('combobox', { name: 'Taught in' });
    expect(language).toHaveValue('en');
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual(['Hindi', 'English', 'Hinglish']);
    await fillRequired(user);
    await user.selectOptions(language, 'hi');
    await waitFor(() => expect(server.lastSave()?.draft.fields.language).toBe('hi'), { timeout: 5000 });
  }, 20_000);

  it('adds a chapter quiz of three kinds, showing the contract\'s errors under the fields first', async () => {
    const server = draftServer();
    fakeServer(...server.routes);
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
    const sentCourse = server.lastSave().draft as { courseContent: { quiz: unknown }[] };
    expect(sentCourse.courseContent[0]!.quiz).toEqual({
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

  it('shows the upload progress while the thumbnail is stored', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const server = draftServer();
    fakeServer(
      (request) => (request.path.endsWith('/thumbnail') ? answered.then(() => ok({ thumbnailUrl: '/media/thumbnails/uploads/t.png' })) : undefined),
      ...server.routes,
    );
    const { user } = await openAddCourse();
    await user.type(screen.getByLabelText('Course Title'), 'Integers');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    const progress = await screen.findByRole('progressbar', { name: 'Uploading the thumbnail' });
    await waitFor(() => expect(progress).toHaveAttribute('value', '50'));
    act(() => answer());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('img', { name: 'Preview of thumb.png' })).toBeInTheDocument();
  });

  it('lists what is missing before publishing, each item moving to its field, and keeps the draft', async () => {
    const server = draftServer({
      missing: [
        { field: 'courseDescription', message: CHECKLIST_MESSAGES.courseDescription },
        { field: 'courseContent', message: CHECKLIST_MESSAGES.courseContent },
      ],
    });
    const seen = fakeServer(...server.routes);
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const checklist = await screen.findByRole('region', { name: 'Before you publish' });
    expect(screen.getByRole('heading', { name: 'Before you publish' })).toHaveFocus();
    expect(within(checklist).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Course Description: ${CHECKLIST_MESSAGES.courseDescription}`,
      `Chapters: ${CHECKLIST_MESSAGES.courseContent}`,
    ]);
    Element.prototype.scrollIntoView = jest.fn();
    await user.click(within(checklist).getByRole('link', { name: 'Chapters' }));
    expect(screen.getByRole('button', { name: '+ Add Chapter' })).toHaveFocus();
    expect(seen.filter((r) => r.path.endsWith('/publish'))).toEqual([]);
    expect(server.lastSave().draft.fields.courseTitle).toBe('Class 7 Maths: Integers');
  }, 20_000);

  it('keeps the checklist following the saves: a change the server confirms asks it again', async () => {
    const server = draftServer();
    const both = [
      { field: 'courseDescription', message: CHECKLIST_MESSAGES.courseDescription },
      { field: 'courseContent', message: CHECKLIST_MESSAGES.courseContent },
    ];
    // What is missing shrinks once the draft has more than the first saves.
    const checklist: FakeRoute = (request) =>
      request.method === 'GET' && request.path.endsWith('/checklist') ? ok({ missing: server.saves.length > 1 && server.lastSave().draft.fields.courseTitle.endsWith('!') ? both.slice(1) : both }) : undefined;
    fakeServer(checklist, ...server.routes);
    const { user } = await openAddCourse();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Course Thumbnail'), png());
    await user.click(screen.getByRole('button', { name: 'ADD' }));
    const region = await screen.findByRole('region', { name: 'Before you publish' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    await user.type(screen.getByLabelText('Course Title'), '!');
    await waitFor(() => expect(within(region).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Chapters: ${CHECKLIST_MESSAGES.courseContent}`]), { timeout: 10_000 });
  }, 20_000);

  it('retries a save that failed and loses nothing: "Not saved — retrying", then "Saved" with every change', async () => {
    const server = draftServer({ failSaves: 2 });
    fakeServer(...server.routes);
    const { user } = await openAddCourse();
    await user.type(screen.getByLabelText('Course Title'), 'Integers');
    const status = screen.getByText((_, element) => element?.classList.contains('draft-status') ?? false);
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('Not saved — retrying'), { timeout: 4000 });
    // Changes made while saving fails are kept in this browser and go with the next attempt.
    await user.type(screen.getByLabelText('Course Price'), '499');
    const draftId = Object.keys(window.localStorage).find((key) => key.startsWith('academy.course-draft.'))!;
    expect(JSON.parse(window.localStorage.getItem(draftId)!).draft.fields).toMatchObject({ courseTitle: 'Integers', coursePrice: '499' });
    await waitFor(() => expect(status).toHaveTextContent('Saved'), { timeout: 10_000 });
    expect(server.saves).toHaveLength(1);
    expect(server.lastSave()).toMatchObject({ baseVersion: 0, draft: { fields: { courseTitle: 'Integers', coursePrice: '499' } } });
    expect(window.localStorage.getItem(draftId)).toBeNull();
  }, 20_000);

  it('reopens a draft after a reload with this browser\'s unsaved changes on top, and sends them', async () => {
    const draftId = '7f9c2b1e-0000-4000-8000-000000000001';
    window.localStorage.setItem(
      `academy.course-draft.${draftId}`,
      JSON.stringify({ baseVersion: 3, draft: { fields: { courseTitle: 'Typed offline', coursePrice: '250' }, courseContent: [] } }),
    );
    const puts: SeenRequest[] = [];
    fakeServer(
      on('GET', `/api/educator/courses/${draftId}/draft`, ok({ _id: draftId, version: 3, savedAt: '2026-11-20T10:00:00.000Z', courseThumbnail: '/media/t.png', draft: { fields: { courseTitle: 'Saved before', coursePrice: '' }, courseContent: [{ chapterTitle: 'Basics', quiz: null, chapterContent: [] }] } })),
      on('PUT', `/api/educator/courses/${draftId}/draft`, (request) => (puts.push(request), ok({ version: 4, savedAt: '2026-11-20T10:01:00.000Z' }))),
    );
    renderEducatorApp(`/educator/add-course?draft=${draftId}`);
    expect(await screen.findByDisplayValue('Typed offline')).toBeInTheDocument();
    expect(screen.getByLabelText('Course Price')).toHaveValue(250);
    expect(screen.getByRole('img', { name: 'Current thumbnail' })).toHaveAttribute('src', '/media/t.png');
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 4000 });
    expect(JSON.parse(puts[0]!.body as string)).toMatchObject({ baseVersion: 3, draft: { fields: { courseTitle: 'Typed offline' } } });
  });

  it('says so when another tab saved the draft since, instead of overwriting it', async () => {
    const draftId = '7f9c2b1e-0000-4000-8000-000000000002';
    fakeServer(
      on('GET', `/api/educator/courses/${draftId}/draft`, ok({ _id: draftId, version: 5, savedAt: '2026-11-20T10:00:00.000Z', courseThumbnail: null, draft: { fields: { courseTitle: 'Mine' }, courseContent: [] } })),
      on('PUT', `/api/educator/courses/${draftId}/draft`, failure(409, DRAFT_CONFLICT_MESSAGE)),
    );
    const { user } = (() => ({ user: userEvent.setup(), ...renderEducatorApp(`/educator/add-course?draft=${draftId}`) }))();
    await user.type(await screen.findByDisplayValue('Mine'), ' and more');
    expect(await screen.findByText(`Not saved — ${DRAFT_CONFLICT_MESSAGE}`, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('takes notes as a PDF with upload progress, refuses a renamed program under the field, and says a link is public', async () => {
    const server = draftServer();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const seen = fakeServer(
      (request) =>
        request.method === 'POST' && request.path.endsWith('/lecture-files')
          ? answered.then(() => ({ status: 201, body: { success: true, url: '/api/files/lecture-files/x/n.pdf?user=u&expires=1&signature=s', fileName: 'notes.pdf' } }))
          : undefined,
      ...server.routes,
    );
    const { user } = await openAddCourse();
    await user.type(screen.getByLabelText('Course Title'), 'Integers');
    await addChapter(user, 'Integers');
    await user.click(screen.getByRole('button', { name: '+ Add Lecture to Integers' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Lecture' });
    expect(within(dialog).getByLabelText('Notes Download URL')).toHaveAccessibleDescription(PUBLIC_LINK_NOTICE);

    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], 'notes.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Or upload the notes as a PDF'), program);
    const field = within(dialog).getByLabelText('Or upload the notes as a PDF');
    expect(await within(dialog).findByText(LECTURE_FILE_NOT_PDF_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(LECTURE_FILE_NOT_PDF_MESSAGE));
    expect(seen.filter((r) => r.path.endsWith('/lecture-files'))).toEqual([]);

    const pdf = new File(['%PDF-1.4 notes'], 'chapter-1-notes.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Or upload the notes as a PDF'), pdf);
    const progress = await within(dialog).findByRole('progressbar', { name: 'Uploading the notes' });
    await waitFor(() => expect(progress).toHaveAttribute('value', '50'));
    act(() => answer());
    expect(await within(dialog).findByText('chapter-1-notes.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByText(LECTURE_FILE_NOT_PDF_MESSAGE)).toBeNull();
    const sent = seen.find((r) => r.path.endsWith('/lecture-files'))!;
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);

    await user.type(within(dialog).getByLabelText('Lecture Title'), 'Number line');
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '12');
    await user.type(within(dialog).getByLabelText('Lecture URL (YouTube or uploaded video)'), 'https://youtu.be/abcdefghijk');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.lastSave().draft.courseContent).toEqual([
      { chapterTitle: 'Integers', chapterContent: [expect.objectContaining({ notesUrl: '/api/files/lecture-files/x/n.pdf?user=u&expires=1&signature=s' })] },
    ]), { timeout: 5000 });
  });

  it('refuses a notes file over 20 MB before sending it', async () => {
    const seen = fakeServer(...draftServer().routes);
    const { user } = await openAddCourse();
    await addChapter(user, 'Integers');
    await user.click(screen.getByRole('button', { name: '+ Add Lecture to Integers' }));
    const big = new File(['%PDF-'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Or upload the test as a PDF'), big);
    expect(await screen.findByText(LECTURE_FILE_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(seen.filter((r) => r.path.endsWith('/lecture-files'))).toEqual([]);
  });

  it('refuses a thumbnail that is not PNG, JPEG or WebP', async () => {
    fakeServer(...draftServer().routes);
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

describe('Add Course in Hindi', () => {
  it("labels the form, shows the price learners pay in ₹, and gives the form's and the contract's rules in Hindi", async () => {
    const user = userEvent.setup();
    const seen = fakeServer(...draftServer().routes);
    await act(() => i18next.changeLanguage('hi'));
    renderEducatorApp('/educator/add-course');
    await screen.findByRole('textbox', { name: 'कोर्स का विवरण' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'कोर्स जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'विवरण की फ़ॉर्मैटिंग' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'गणित' })).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: 'कक्षा 12' })).toHaveLength(2);

    await user.type(screen.getByLabelText('कोर्स का मूल्य'), '100000');
    await user.type(screen.getByLabelText('छूट %'), '50');
    expect(screen.getByText(/^विद्यार्थी/)).toHaveTextContent('विद्यार्थी ₹50,000.00 देंगे (₹1,00,000.00 पर 50% छूट)');

    await user.click(screen.getByRole('button', { name: 'जोड़ें' }));
    expect(await screen.findByText('थंबनेल नहीं चुना गया')).toBeInTheDocument();
    expect(screen.getByLabelText('कोर्स का शीर्षक')).toHaveAccessibleDescription('200 में से 0 अक्षर कोर्स का शीर्षक ज़रूरी है');
    expect(screen.getByLabelText('विषय')).toHaveAccessibleDescription('विषय चुनें');
    expect(seen.some((request) => request.path.endsWith('/publish'))).toBe(false);
  });
});
