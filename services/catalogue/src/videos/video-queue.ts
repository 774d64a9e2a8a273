/** The transcoding queue: filled by catalogue's HTTP app after an upload, emptied by its video worker (src/video-worker.ts). */
export const VIDEO_QUEUE = 'catalogue-videos';

export const VideoJob = { Transcode: 'transcode-video' } as const;

export interface TranscodeVideoData {
  videoId: string;
}
