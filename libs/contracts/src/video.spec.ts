import { describe, expect, it } from '@jest/globals';
import { isYouTubeLink, parseVideoLink, uploadedVideoIdOf, uploadedVideoUrl } from './video.js';

describe('parseVideoLink', () => {
  it.each([
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=a_b-c_d-e_f', 'a_b-c_d-e_f'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=3', 'dQw4w9WgXcQ'],
  ])('embeds %p as %p', (link, id) => {
    expect(parseVideoLink(link)).toEqual({ kind: 'youtube', videoId: id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` });
    expect(isYouTubeLink(link)).toBe(true);
  });

  it.each([
    'https://youtu.be/short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQX',
    'https://www.youtube.com/watch?v=dQw4w9W$XcQ',
    'https://www.youtube.com/watch',
    '',
    '   ',
    null,
    undefined,
    '/api/files/lectures/paid.mp4',
    '/api/files/lectures/paid.mp4?user=u&expires=1&signature=s',
  ])('rejects %p', (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  it.each(['/media/lectures/fractions.mp4', 'https://cdn.example.com/a.mp4', 'https://vimeo.com/123'])(
    'plays %p as mp4',
    (link) => {
      expect(parseVideoLink(link)).toEqual({ kind: 'mp4', url: link });
      expect(isYouTubeLink(link)).toBe(false);
    },
  );
});

describe('uploaded videos', () => {
  const id = '0b7c5d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';

  it('plays an uploaded video as HLS, signed or not, and knows its id', () => {
    expect(parseVideoLink(uploadedVideoUrl(id))).toEqual({ kind: 'hls', videoId: id, url: uploadedVideoUrl(id) });
    expect(uploadedVideoIdOf(`${uploadedVideoUrl(id)}?user=u&expires=1&signature=s`)).toBe(id);
    expect(uploadedVideoIdOf(`/api/videos/${id}/240p/index.m3u8`)).toBeNull();
    expect(uploadedVideoIdOf('https://youtu.be/abcdefghijk')).toBeNull();
  });
});
