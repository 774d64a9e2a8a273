// `@academy/ui/live`: the live classroom's chat, polls and stage, shared by the learner's and the educator's live
// pages. Not in `@academy/ui` itself, which every first page loads whole (a shared singleton): each remote bundles
// this into its live page's chunks instead.
export { LiveChatPanel, type LiveRoomHandle } from './LiveChatPanel';
export type { LiveRoom } from './useLiveRoom';
export { iceGathered, publishTracks, watchFeed, type Published, type Watched } from './stage-rtc';
