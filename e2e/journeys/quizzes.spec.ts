// Quiz journey: an educator adds a chapter quiz with all three kinds of question; a student fails it
// once, passes, sees the right answers and explanations; the course is Completed only then and the certificate
// appears; the educator sees the attempt figures. One question per screen on a phone.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { quizStatsPath, type CourseDetail, type CourseSummary, type QuizStats } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { addChapter, cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const courseTitle = `Class 7 Maths Integers Quiz ${Date.now()}`;
const thumbnailPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXPLANATION = 'Start at -3 on the number line and move 5 steps right';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function authorCourseWithQuiz(page: Page): Promise<void> {
  await page.goto(`${portalUrl}/educator/add-course`);
  await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
  await page.getByLabel('Course Title').fill(courseTitle);
  // A description is on the publish checklist.
  await page.locator('.rte-editor [contenteditable="true"]').click();
  await page.keyboard.type('Adding and subtracting integers, with a quiz.');
  await page.getByLabel('Course Price').fill('0');
  await page.getByLabel('Discount %').fill('0');
  await page.getByLabel('Class (from)').selectOption('7');
  await page.getByLabel('Class (to)').selectOption('7');
  await page.getByLabel('Subject', { exact: true }).selectOption('mathematics');
  await page.getByLabel('Board', { exact: true }).selectOption('any');
  await page.locator('input[type="file"]').setInputFiles({ name: 'integers.png', mimeType: 'image/png', buffer: thumbnailPng });
  await addChapter(page, 'Integers');
  await page.getByRole('button', { name: '+ Add Lecture to Integers' }).click();
  const lecture = page.getByRole('dialog', { name: 'Add Lecture' });
  await lecture.getByLabel('Lecture Title').fill('Adding integers');
  await lecture.getByLabel('Duration (minutes)').fill('10');
  await lecture.getByLabel('Lecture URL (YouTube or uploaded video)').fill('https://youtu.be/dQw4w9WgXcQ');
  await lecture.getByRole('button', { name: 'Add', exact: true }).click();
  await lecture.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: '+ Add Quiz to Integers' }).click();
  const quiz = page.getByRole('dialog', { name: 'Add Quiz' });
  await quiz.getByLabel('Quiz Title', { exact: true }).fill('Integers check');
  await quiz.getByLabel('Pass mark %', { exact: true }).fill('60');
  // Saving without a correct answer: the contract's message under the choices.
  await quiz.getByLabel('Question 1 text', { exact: true }).fill('What is -3 + 5?');
  await quiz.getByLabel('Question 1 Choice 1', { exact: true }).fill('2');
  await quiz.getByLabel('Question 1 Choice 2', { exact: true }).fill('-8');
  await quiz.getByRole('button', { name: 'Save quiz' }).click();
  await quiz.getByText('A question needs a correct answer').waitFor();
  await quiz.getByRole('checkbox', { name: 'Correct answer: question 1 choice 1' }).check();
  await quiz.getByLabel('Explanation for question 1 (optional)', { exact: true }).fill(EXPLANATION);
  await quiz.getByLabel('Points for question 1', { exact: true }).fill('2');

  await quiz.getByRole('button', { name: '+ Add question' }).click();
  await quiz.getByLabel('Kind of question 2', { exact: true }).selectOption('multiple');
  await quiz.getByLabel('Question 2 text', { exact: true }).fill('Which numbers are negative?');
  await quiz.getByLabel('Question 2 Choice 1', { exact: true }).fill('-1');
  await quiz.getByLabel('Question 2 Choice 2', { exact: true }).fill('4');
  await quiz.getByRole('button', { name: '+ Add choice to question 2' }).click();
  await quiz.getByLabel('Question 2 Choice 3', { exact: true }).fill('-7');
  await quiz.getByRole('checkbox', { name: 'Correct answer: question 2 choice 1' }).check();
  await quiz.getByRole('checkbox', { name: 'Correct answer: question 2 choice 3' }).check();

  await quiz.getByRole('button', { name: '+ Add question' }).click();
  await quiz.getByLabel('Kind of question 3', { exact: true }).selectOption('numeric');
  await quiz.getByLabel('Question 3 text', { exact: true }).fill('What is -4 × 2.5?');
  await quiz.getByLabel('Correct answer to question 3', { exact: true }).fill('-10');
  await quiz.getByLabel('Tolerance (±) for question 3', { exact: true }).fill('0.01');
  await quiz.getByLabel('Points for question 3', { exact: true }).fill('2');
  await quiz.getByRole('button', { name: 'Save quiz' }).click();
  await quiz.waitFor({ state: 'detached' });
  await page.getByText('Quiz: Integers check - 3 questions - pass mark 60%').waitFor();

  await page.getByRole('button', { name: 'ADD', exact: true }).click();
  await page.getByText(/course added|added successfully/i).first().waitFor({ timeout: 15_000 });
}

async function answerQuiz(page: Page, answers: { single: string; multiple: string[]; numeric: string }): Promise<void> {
  const form = page.locator('form.quiz__form');
  await form.getByRole('group', { name: /What is -3 \+ 5\?/ }).getByRole('radio', { name: answers.single, exact: true }).check();
  const multiple = form.getByRole('group', { name: /Which numbers are negative\?/ });
  for (const choice of answers.multiple) await multiple.getByRole('checkbox', { name: choice, exact: true }).check();
  await form.getByLabel('Your answer to question 3').fill(answers.numeric);
  await form.getByRole('button', { name: 'Submit answers' }).click();
}

async function enrollmentRow(page: Page) {
  await page.goto(`${portalUrl}/my-enrollments`);
  const row = page.getByRole('row', { name: new RegExp(courseTitle) });
  await row.waitFor();
  return row;
}

describe('chapter quizzes', () => {
  it('educator adds a quiz; a student fails, passes, sees explanations, completes the course; the educator sees the figures', async () => {
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    await authorCourseWithQuiz(educator.page);

    // The public course says there is a quiz, never what its answers are.
    const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const courseId = courses.find((course) => course.courseTitle === courseTitle)!._id;
    const detailText = await (await fetch(`${portalUrl}/api/course/${courseId}`)).text();
    const detail = (JSON.parse(detailText) as { courseData: CourseDetail }).courseData;
    expect(detail.courseContent[0]!.quiz).toMatchObject({ title: 'Integers check', questionCount: 3, totalPoints: 5, passMark: 60 });
    expect(detailText).not.toContain(EXPLANATION);
    expect(detailText).not.toMatch(/"(correct|answer|tolerance)"/);

    // A student enrols (free course) and completes the lecture: lectures done, the quiz still to pass (its pass mark said).
    const student = await openPage(browser);
    const page = student.page;
    await signIn(page, portalUrl, 'Diya Patel');
    const token = await cachedAccessToken(page);
    expect((await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) })).status).toBeLessThan(300);
    const lectureId = detail.courseContent[0]!.chapterContent[0]!.lectureId;
    expect((await callApi(token, '/api/user/update-course-progress', { method: 'POST', body: JSON.stringify({ courseId, lectureId }) })).status).toBe(200);
    let row = await enrollmentRow(page);
    await row.getByText('1 / 1 Lectures').waitFor();
    await row.getByText('0 / 1 Quiz passed').waitFor();
    await row.getByRole('button', { name: `Lectures done, quiz to pass: open ${courseTitle}` }).waitFor();
    await row.getByText(/^Certificate: Needs pass Integers check: not attempted yet, pass mark \d+%$/).waitFor();

    // The quiz follows the chapter's lectures in the player. A wrong attempt with attempts left: not passed, the
    // score and what was wrong, but not the key (it would make the pass mark and the attempt limit gate nothing).
    await page.goto(`${portalUrl}/player/${courseId}`);
    await page.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await page.getByRole('button', { name: 'Take quiz Integers check' }).click();
    await page.getByRole('heading', { name: 'Quiz: Integers check' }).waitFor();
    expect(await page.getByText(EXPLANATION).count()).toBe(0);
    await answerQuiz(page, { single: '-8', multiple: ['-1'], numeric: '10' });
    await page.getByRole('heading', { name: 'Not passed yet: 0 / 5 points (0%)' }).waitFor();
    await page.getByText('The right answers and explanations are shown once you pass or have used every attempt.').waitFor();
    expect(await page.getByText(/Right answer/).count()).toBe(0);
    expect(await page.getByText(`Explanation: ${EXPLANATION}`).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download Certificate' }).count()).toBe(0);

    // Try again and pass: the course is complete and the certificate appears.
    await page.getByRole('button', { name: 'Try again' }).click();
    await answerQuiz(page, { single: '2', multiple: ['-1'], numeric: '-10.005' });
    await page.getByRole('heading', { name: 'Passed: 4 / 5 points (80%)' }).waitFor();
    await page.getByText(`Explanation: ${EXPLANATION}`).waitFor();
    await page.getByText('You completed every lecture and passed every quiz of this course.').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    expect((await download).suggestedFilename()).toMatch(/^certificate-AC-.+\.pdf$/);

    row = await enrollmentRow(page);
    await row.getByText('1 / 1 Quiz passed').waitFor();
    await row.getByRole('button', { name: `Completed: open ${courseTitle}` }).waitFor();

    // The educator's course page shows the figures.
    await educator.page.goto(`${portalUrl}/educator/my-courses`);
    await educator.page.getByRole('link', { name: `Edit ${courseTitle}` }).click();
    await educator.page.getByRole('heading', { name: 'Quiz results' }).waitFor();
    const figures = educator.page.getByRole('row', { name: /Integers check/ });
    await figures.waitFor();
    expect((await figures.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      '2',
      '1',
      '80%',
      'Which numbers are negative? (2 wrong answers)',
    ]);
  }, 180_000);

  it('shows one question per screen on a phone', async () => {
    const { page } = await openPage(browser, { width: 390, height: 800 });
    await signIn(page, portalUrl, 'Diya Patel');
    const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const courseId = courses.find((course) => course.courseTitle === courseTitle)!._id;
    await page.goto(`${portalUrl}/player/${courseId}`);
    await page.getByRole('button', { name: 'Review quiz Integers check' }).click();
    const form = page.locator('form.quiz__form');
    await form.getByRole('group', { name: /Question 1 of 3/ }).waitFor();
    expect(await form.getByRole('group').count()).toBe(1);
    await form.getByRole('button', { name: 'Next question' }).click();
    await form.getByRole('group', { name: /Question 2 of 3/ }).waitFor();
    await form.getByRole('button', { name: 'Next question' }).click();
    await form.getByLabel('Your answer to question 3').fill('abc');
    await form.getByRole('button', { name: 'Submit answers' }).click();
    await form.getByText('Enter a number, like 1.5').waitFor();
    expect(await form.getByLabel('Your answer to question 3').getAttribute('aria-invalid')).toBe('true');
  }, 90_000);

  it("the demo classmates' attempts give the demo courses' quizzes real figures", async () => {
    const { page } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    const token = await cachedAccessToken(page);
    const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const figures: QuizStats[] = [];
    for (const course of courses.filter((candidate) => candidate.studentCount > 0 && candidate.courseTitle !== courseTitle)) {
      const answer = await callApi<{ quizzes: QuizStats[] }>(token, `/api${quizStatsPath(course._id)}`);
      expect(answer.status).toBe(200);
      figures.push(...answer.body.quizzes);
    }
    expect(figures.some((quiz) => quiz.attempts > 0)).toBe(true);
    expect(figures.some((quiz) => quiz.learnersPassed > 0 && quiz.mostMissed !== null)).toBe(true);
  }, 60_000);
});
