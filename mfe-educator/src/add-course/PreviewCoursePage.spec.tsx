import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const courseId = '10000000-0000-4000-8000-000100000042';
const lecture = (lectureId: string, lectureTitle: string, lectureUrl: string, notesUrl: string | null, isPreviewFree = false) => ({
  lectureId,
  lectureOrder: 1,
  lectureTitle,
  lectureDuration: 12,
  lectureUrl,
  isPreviewFree,
  notesUrl,
  testUrl: null,
});
const draft = {
  _id: courseId,
  courseTitle: 'Class 9 Geometry: Triangles',
  courseDescription: '<p>Congruence and <strong>similarity</strong></p>',
  courseThumbnail: '/media/thumbnails/uploads/t.png',
  coursePrice: 800,
  discount: 25,
  isPublished: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  classFrom: 9,
  classTo: 9,
  subject: 'mathematics',
  board: 'cbse',
  courseContent: [
    {
      chapterId: 'c1',
      chapterOrder: 1,
      chapterTitle: 'Congruence',
      quiz: null,
      chapterContent: [
        lecture('l1', 'SSS and SAS', 'https://youtu.be/abcdefghijk', '/api/files/lecture-files/x/n.pdf?user=u&expires=1&signature=s', true),
        lecture('l2', 'ASA', 'https://youtu.be/bcdefghijkl', null),
      ],
    },
  ],
};

describe('Preview', () => {
  it('shows the course page and the player as an enrolled learner sees them, signed notes included, for a draft', async () => {
    const user = userEvent.setup();
    const seen = fakeServer(on('GET', `/api/educator/courses/${courseId}`, ok({ course: draft })));
    renderEducatorApp(`/educator/preview/${courseId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class 9 Geometry: Triangles' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Nobody is enrolled and nothing is published');
    expect(screen.getByRole('link', { name: 'Back to editing' })).toHaveAttribute('href', `/educator/add-course?draft=${courseId}`);
    expect(screen.getByText('₹600.00')).toBeInTheDocument();
    expect(screen.getByText('1 chapter - 2 lectures - 24m total duration')).toBeInTheDocument();
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByTitle('SSS and SAS')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(within(player).getByRole('link', { name: /Download notes/ })).toHaveAttribute('href', draft.courseContent[0]!.chapterContent[0]!.notesUrl);
    await user.click(within(player).getByRole('button', { name: 'ASA - 12m' }));
    expect(within(player).getByTitle('ASA')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/bcdefghijkl');
    expect(within(player).queryByRole('link', { name: /Download notes/ })).toBeNull();
    // Opening the preview enrols nobody and publishes nothing: one GET of the course (beside the header's notifications), nothing else.
    expect(seen.filter((request) => !request.path.startsWith('/api/notifications')).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/educator/courses/${courseId}`]);
  });
});
