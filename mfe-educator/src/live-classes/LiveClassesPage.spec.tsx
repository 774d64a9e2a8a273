import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const COURSE = '71111111-1111-4111-8111-111111111111';
const CHAPTER = '81111111-1111-4111-8111-11111111111a';

describe('Live classes: the schedule form', () => {
  it("checks each field before sending (the contract's rules, an empty start asked for), then sends the IST start", async () => {
    const user = userEvent.setup();
    const course = { _id: COURSE, courseTitle: 'Optics', courseContent: [{ chapterId: CHAPTER, chapterOrder: 1, chapterTitle: 'Light', chapterContent: [] }] };
    const created = { id: 'c1', courseId: COURSE, chapterId: CHAPTER, chapterTitle: 'Light', title: 'Mirrors live', startsAt: '2027-01-05T12:00:00.000Z', durationMinutes: 60, status: 'scheduled' };
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [{ _id: COURSE, courseTitle: 'Optics' }] })),
      on('GET', `/api/educator/courses/${COURSE}`, ok({ course })),
      on('GET', '/api/educator/live-classes', ok({ liveClasses: [], liveAvailable: true })),
      on('POST', '/api/educator/live-classes', ok({ liveClass: created })),
    );
    renderEducatorApp(`/educator/live-classes?courseId=${COURSE}`);
    const form = await screen.findByRole('form', { name: 'Schedule a class' });
    await screen.findByRole('option', { name: 'Light' });
    await user.type(within(form).getByLabelText('Title'), 'Mi');
    await user.click(within(form).getByRole('button', { name: 'Schedule class' }));
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Give the class a title of at least 3 characters');
    expect(within(form).getByLabelText('Starts (IST)')).toHaveAccessibleDescription('Choose when the class starts');
    expect(within(form).getByLabelText('Length (minutes)')).not.toHaveAttribute('aria-invalid');
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(title, 'rrors live');
    await user.type(within(form).getByLabelText('Starts (IST)'), '2027-01-05T17:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule class' }));
    expect(await screen.findByText(/Mirrors live/)).toBeInTheDocument();
    const posted = seen.filter((request) => request.method === 'POST').map((request) => JSON.parse(String(request.body)));
    expect(posted).toEqual([{ courseId: COURSE, chapterId: CHAPTER, title: 'Mirrors live', startsAt: '2027-01-05T17:30:00+05:30', durationMinutes: 60 }]);
  });
});
