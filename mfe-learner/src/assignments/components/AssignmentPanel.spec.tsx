import type { AssignmentForMember } from '@academy/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from '@academy/routing';
import { fakeServer, ok, renderAt, userData, type FakeRequest } from '../../enrollments/testing/learningTestKit';
import { AssignmentPanel } from './AssignmentPanel';

const assignment: AssignmentForMember = {
  id: 'assignment-1',
  courseId: 'course-1',
  chapterId: 'chapter-1',
  title: 'Draw the graph',
  instructions: 'Plot y = x² from -3 to 3.',
  dueDate: null,
  maxMarks: 10,
  acceptedFileTypes: ['pdf', 'png'],
  createdAt: '2026-11-20T10:00:00.000Z',
  mySubmission: null,
  counts: null,
};

function renderPanel() {
  const requests = fakeServer((request) => (request.path === '/api/assignments/course-1' ? ok({ assignments: [assignment] }) : undefined));
  renderAt('/player/course-1', <Route path="/player/:courseId" element={<AssignmentPanel courseId="course-1" assignmentId="assignment-1" />} />, { user: userData() });
  return requests;
}

describe('AssignmentPanel hand-in form', () => {
  it('asks for a file or an answer before sending anything', async () => {
    const requests = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Hand in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Attach a file or write your answer');
    expect(requests.filter((request: FakeRequest) => request.method === 'POST')).toEqual([]);
  });

  it('refuses a file over the limit under the file field, before the upload', async () => {
    const requests = renderPanel();
    const input = await screen.findByLabelText('File (PDF or PNG image, up to 10 MB)');
    await userEvent.upload(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'graph.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than the 10 MB allowed');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The file is larger than the 10 MB allowed');
    expect(requests.filter((request: FakeRequest) => request.method === 'POST')).toEqual([]);
  });
});
