// The live class gateway (progress's `gateway` entry point, socket.io through the edge): what clients send and get.
// See docs/live-classes.md. No zod here: the shared UI's chat reads these on every page (live-gateway-requests.ts
// holds the schemas the gateway checks with).

/** socket.io's path through the edge (a WebSocket upgrade). */
export const LIVE_GATEWAY_PATH = '/api/live-gateway/socket.io';
export const LIVE_CHAT_MAX_LENGTH = 500;
/** Messages a (re)joining client gets back at most. */
export const LIVE_CHAT_HISTORY_MAX = 200;

export interface LivePoll {
  id: number;
  question: string;
  options: string[];
  /** Answers per choice, in the choices' order. */
  counts: number[];
  closed: boolean;
}

export interface LiveChatMessage {
  id: number;
  classId: string;
  userId: string;
  userName: string;
  /** The educator's messages are marked. */
  fromEducator: boolean;
  text: string;
  clientId: string;
  sentAt: string;
}

/** Every acknowledgement: the answer, or a refusal with an HTTP-like status (403 not entitled, 429 slow mode…). */
export type LiveAck<T> = ({ ok: true } & T) | { ok: false; status: number; message: string };

export interface LiveJoinAnswer {
  role: 'educator' | 'learner';
  messages: LiveChatMessage[];
  pinnedId: number | null;
  slowModeSeconds: number;
  muted: boolean;
  /** The class's latest poll, open or closed (null before the first). */
  poll: LivePoll | null;
  /** Doubts asked in this class: every one for the educator, the caller's own for a learner (oldest first). */
  doubts: LiveDoubt[];
}

/**
 * A doubt asked during the class (client → `doubt` {classId, clientId, text}; the ack carries it, the educator's
 * sockets get it as `LiveGatewayEvent.Doubt`). It is one of the course's doubts: once the recording is a lecture it
 * shows under that lecture at `atSecond`.
 */
export interface LiveDoubt {
  id: string;
  classId: string;
  userId: string;
  userName: string;
  /** Seconds since the class went live, where the recording starts. */
  atSecond: number;
  /** Sanitised on the server, as every doubt. */
  html: string;
  clientId: string;
  askedAt: string;
}

/** Server → client events. */
export const LiveGatewayEvent = {
  Chat: 'chat',
  Deleted: 'chat-deleted',
  Pinned: 'pinned',
  SlowMode: 'slow-mode',
  Muted: 'muted',
  Hand: 'hand',
  Poll: 'poll',
  Doubt: 'doubt',
  /** The class's stage changed (an invite, a removal, a learner leaving): read it again from catalogue. */
  Stage: 'stage',
} as const;
export interface LiveHandEvent {
  userId: string;
  userName: string;
  raised: boolean;
}
