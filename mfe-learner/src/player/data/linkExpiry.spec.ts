import type { ChapterDto } from '@academy/contracts';
import { earliestLinkExpiry } from './linkExpiry';

const lecture = (lectureUrl: string | null, notesUrl: string | null = null, testUrl: string | null = null) => ({
  lectureId: 'l', lectureOrder: 1, lectureTitle: 'L', lectureDuration: 5, isPreviewFree: false, lectureUrl, notesUrl, testUrl,
});

describe('earliestLinkExpiry', () => {
  it('finds the first signed link to expire, in seconds turned into ms', () => {
    const chapters: ChapterDto[] = [
      { chapterId: 'a', chapterOrder: 1, chapterTitle: 'A', chapterContent: [lecture('https://youtu.be/abcdefghijk', '/api/files/notes/a.pdf?user=u&expires=2000&signature=s')] },
      { chapterId: 'b', chapterOrder: 2, chapterTitle: 'B', chapterContent: [lecture('/api/videos/5e7a1c2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d/master.m3u8?user=u&expires=1500&signature=s', null, 'https://example.org/t.pdf')] },
    ];
    expect(earliestLinkExpiry(chapters)).toBe(1_500_000);
  });

  it('is null when nothing is signed', () => {
    expect(earliestLinkExpiry([{ chapterId: 'a', chapterOrder: 1, chapterTitle: 'A', chapterContent: [lecture('/media/lectures/v.mp4', 'https://example.org/n.pdf')] }])).toBeNull();
  });
});
