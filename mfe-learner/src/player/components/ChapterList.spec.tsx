import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import type { ChapterDto } from '@academy/contracts';
import { ChapterList } from './ChapterList';

const lecture = (id: string, title: string, order: number) => ({
  lectureId: id,
  lectureTitle: title,
  lectureDuration: 10,
  lectureUrl: '/media/lectures/test-pattern.mp4',
  isPreviewFree: false,
  lectureOrder: order,
  notesUrl: null,
  testUrl: null,
});
const chapters = [
  { chapterId: 'c-1', chapterTitle: 'Tenses', chapterOrder: 1, collapsed: false, chapterContent: [lecture('l-1', 'Simple tenses', 1)] },
  { chapterId: 'c-2', chapterTitle: 'Voice', chapterOrder: 2, collapsed: false, chapterContent: [lecture('l-2', 'Active voice', 1), lecture('l-3', 'Commas', 2)] },
] as unknown as ChapterDto[];

const chapterToggle = (title: string) => screen.getByRole('button', { name: new RegExp(title) });

describe('ChapterList', () => {
  it('opens the chapter of the lecture playing, also when mounted again (after a reload), and when playback moves on', async () => {
    const { rerender, unmount } = render(<ChapterList chapters={chapters} completed={new Set()} playingId="l-2" onWatch={() => undefined} />);
    expect(chapterToggle('Voice')).toHaveAttribute('aria-expanded', 'true');
    // The learner may still fold it.
    await userEvent.click(chapterToggle('Voice'));
    expect(chapterToggle('Voice')).toHaveAttribute('aria-expanded', 'false');
    rerender(<ChapterList chapters={chapters} completed={new Set(['l-2'])} playingId="l-3" onWatch={() => undefined} />);
    expect(chapterToggle('Voice')).toHaveAttribute('aria-expanded', 'true');
    unmount();
    render(<ChapterList chapters={chapters} completed={new Set(['l-2'])} playingId="l-3" onWatch={() => undefined} />);
    expect(chapterToggle('Voice')).toHaveAttribute('aria-expanded', 'true');
    expect(chapterToggle('Tenses')).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('ChapterList in Hindi', () => {
  it('counts lectures and writes durations in Hindi', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const long = [{ ...chapters[1]!, chapterContent: chapters[1]!.chapterContent.map((entry) => ({ ...entry, lectureDuration: 65 })) }] as ChapterDto[];
    const { unmount } = render(<ChapterList chapters={[chapters[0]!, ...long]} completed={new Set(['l-1'])} playingId={null} onWatch={() => undefined} />);
    expect(chapterToggle('Tenses')).toHaveTextContent('1 लेक्चर - 10 मिनट');
    expect(chapterToggle('Voice')).toHaveTextContent('2 लेक्चर - 2 घंटे 10 मिनट');
    expect(screen.getByRole('img', { name: 'पूरा हुआ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simple tenses देखें' })).toBeInTheDocument();
    unmount(); // before the setup switches back to English
  });
});
