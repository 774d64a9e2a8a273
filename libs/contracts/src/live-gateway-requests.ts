// What the live class gateway checks each client message against (progress's gateway only). Kept apart from
// live-gateway.ts, which the shared UI imports, so zod never rides into the first page.
import { z } from 'zod';
import { doubtTextSchema } from './doubts.js';
import { LIVE_CHAT_MAX_LENGTH } from './live-gateway.js';

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
/** The stage changed (catalogue holds who is on it): the gateway tells the whole class to read it again. */
export const liveStageSchema = z.object({ classId: z.uuid() });

/** The educator asks a multiple-choice question (2–4 choices); learners answer once; the counts show live. */
export const livePollOpenSchema = z.object({
  classId: z.uuid(),
  question: z.string().trim().min(3, 'Write the question').max(200, 'The question is at most 200 characters'),
  options: z.array(z.string().trim().min(1, 'A choice cannot be empty').max(80, 'A choice is at most 80 characters')).min(2, 'Give at least 2 choices').max(4, 'Give at most 4 choices'),
});
export const livePollAnswerSchema = z.object({ classId: z.uuid(), pollId: z.number().int().positive(), option: z.number().int().min(0).max(3) });
export const livePollCloseSchema = z.object({ classId: z.uuid(), pollId: z.number().int().positive() });

/** A learner's doubt in the class: the same text rules as a doubt under a lecture; sent again, stored once. */
export const liveDoubtSchema = z.object({
  classId: z.uuid({ message: 'classId must be a live class id' }),
  clientId: z.string().min(8).max(64),
  text: doubtTextSchema,
});

export type LiveJoinRequest = z.infer<typeof liveJoinSchema>;
export type LiveChatRequest = z.infer<typeof liveChatSchema>;
export type LiveModerationRequest = z.infer<typeof liveModerationSchema>;
export type LiveHandRequest = z.infer<typeof liveHandSchema>;
export type LiveDoubtRequest = z.infer<typeof liveDoubtSchema>;
