// The live class gateway (progress's `gateway` entry point, socket.io through the edge): what clients send and get.
// See docs/live-classes.md.
import { z } from 'zod';

/** socket.io's path through the edge (a WebSocket upgrade). */
export const LIVE_GATEWAY_PATH = '/api/live-gateway/socket.io';
export const LIVE_CHAT_MAX_LENGTH = 500;
/** Messages a (re)joining client gets back at most. */
export const LIVE_CHAT_HISTORY_MAX = 200;

export const liveJoinSchema = z.object({
  classId: z.uuid({ message: 'classId must be a live class id' }),
  /** The last message id the client has (a reconnect): only later ones come back. */
  afterId: z.number().int().min(0).optional(),
});
export const liveChatSchema = z.object({
  classId: z.uuid({ message: 'classId must be a live class id' }),
  /** Made by the client once per message: a message sent again after a reconnect is stored once. */
  clientId: z.string().min(8).max(64),
  text: z.string().trim().min(1, 'Write a message').max(LIVE_CHAT_MAX_LENGTH, `A message is at most ${LIVE_CHAT_MAX_LENGTH} characters`),
});
export const liveModerationSchema = z.discriminatedUnion('action', [
  z.object({ classId: z.uuid(), action: z.literal('pin'), messageId: z.number().int().positive().nullable() }),
  z.object({ classId: z.uuid(), action: z.literal('delete'), messageId: z.number().int().positive() }),
  z.object({ classId: z.uuid(), action: z.enum(['mute', 'unmute']), userId: z.string().min(1).max(200) }),
  z.object({ classId: z.uuid(), action: z.literal('slow-mode'), seconds: z.number().int().min(0).max(300) }),
]);
export const liveHandSchema = z.object({ classId: z.uuid(), raised: z.boolean() });

export type LiveJoinRequest = z.infer<typeof liveJoinSchema>;
export type LiveChatRequest = z.infer<typeof liveChatSchema>;
export type LiveModerationRequest = z.infer<typeof liveModerationSchema>;
export type LiveHandRequest = z.infer<typeof liveHandSchema>;

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
}

/** Server → client events. */
export const LiveGatewayEvent = {
  Chat: 'chat',
  Deleted: 'chat-deleted',
  Pinned: 'pinned',
  SlowMode: 'slow-mode',
  Muted: 'muted',
  Hand: 'hand',
} as const;
export interface LiveHandEvent {
  userId: string;
  userName: string;
  raised: boolean;
}
