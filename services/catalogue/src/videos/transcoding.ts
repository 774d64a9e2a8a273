// What the video benchmark (infra) uses of the transcoding: the same ffmpeg calls and ladder the worker runs.
export { makePoster, probeVideo, transcodeToHls, type HlsOutput, type ProbedVideo } from './ffmpeg.js';
export { HLS_LADDER, ladderFor, SEGMENT_SECONDS, type Rung } from './hls-ladder.js';
export { KEY_URI } from './video-processing.js';
