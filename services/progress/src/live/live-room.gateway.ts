import {
  INTERNAL_LIVE_CLASS_PATH,
  LIVE_GATEWAY_PATH,
  LiveGatewayEvent,
  liveChatSchema,
  liveDoubtSchema,
  liveHandSchema,
  liveStageSchema,
  liveJoinSchema,
  liveModerationSchema,
  livePollAnswerSchema,
  livePollCloseSchema,
  livePollOpenSchema,
  type InternalLiveClassAnswer,
  type LiveAck,
  type LiveChatMessage,
  type LiveDoubt,
  type LiveJoinAnswer,
  type LivePoll,
} from '@academy/contracts';
import { CORE_CONFIG, InternalCallError, InternalClient, TokenVerifier, type AuthUser, type CoreConfig } from '@academy/service-core';
import { HttpException, Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { DoubtPostLimiter } from '../doubts/doubt-post.limiter.js';
import { LiveChatRepository } from './live-chat.repository.js';
import { LiveDoubtsService } from './live-doubts.service.js';

type Refusal = { ok: false; status: number; message: string };
const refuse = (status: number, message: string): Refusal => ({ ok: false, status, message });
export const SIGN_IN_MESSAGE = 'Sign in to join the class';
const room = (classId: string) => `class:${classId}`;
const educatorRoom = (classId: string) => `class:${classId}:educator`;

interface SocketState {
  user: AuthUser;
  /** Classes this socket joined, with the role it has there. */
  classes: Map<string, 'educator' | 'learner'>;
}

/**
 * The live class's real-time side on socket.io (rooms shared across replicas by the Redis adapter, see
 * gateway.ts): a signed-in user joins a class they may watch (403 otherwise) and gets the messages they missed; chat is
 * stored before it is broadcast, once per client id; the educator pins, deletes, mutes and sets slow mode; raised
 * hands reach the educator.
 */
@WebSocketGateway({ path: LIVE_GATEWAY_PATH, transports: ['websocket'], serveClient: false })
export class LiveRoomGateway implements OnGatewayInit, OnGatewayDisconnect {
  @WebSocketServer() private readonly server!: Server;
  private readonly logger = new Logger(LiveRoomGateway.name);
  private readonly catalogue: InternalClient;
  private readonly sockets = new WeakMap<Socket, SocketState>();

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly chat: LiveChatRepository,
    private readonly doubts: LiveDoubtsService,
    private readonly doubtLimiter: DoubtPostLimiter,
    @Inject(CORE_CONFIG) config: CoreConfig & { CATALOGUE_URL: string },
  ) {
    this.catalogue = new InternalClient({ baseUrl: config.CATALOGUE_URL, token: config.INTERNAL_TOKEN });
  }

  /**
   * The handshake carries the access token (`auth.token`), checked before the connection is accepted (so no event
   * can arrive before the user is known); without a valid one the client's connection fails with that message.
   */
  afterInit(server: Server): void {
    server.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      if (typeof token !== 'string' || !token) return next(new Error(SIGN_IN_MESSAGE));
      this.verifier.verify(token).then(
        (user) => {
          this.sockets.set(socket, { user, classes: new Map() });
          next();
        },
        () => next(new Error(SIGN_IN_MESSAGE)),
      );
    });
  }

  @SubscribeMessage('join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<LiveJoinAnswer>> {
    const state = this.sockets.get(socket);
    const request = parse(liveJoinSchema, body);
    if (!state) return refuse(401, SIGN_IN_MESSAGE);
    if ('ok' in request) return request;
    const found = await this.liveClass(request.classId);
    if ('ok' in found) return found;
    const role = found.educatorId === state.user.id ? 'educator' : 'learner';
    if (role === 'learner' && !(await this.chat.mayJoin(state.user.id, found.liveClass.courseId))) return refuse(403, 'Enrol in the course to join its live classes');
    state.classes.set(request.classId, role);
    if (role === 'learner') await this.chat.attendanceJoined(request.classId, state.user.id, state.user.name || 'Learner');
    await socket.join(room(request.classId));
    if (role === 'educator') await socket.join(educatorRoom(request.classId));
    const [messages, settings, muted, poll, doubts] = await Promise.all([
      this.chat.since(request.classId, request.afterId),
      this.chat.room(request.classId),
      this.chat.isMuted(request.classId, state.user.id),
      this.chat.poll(request.classId),
      this.doubts.list(request.classId, role === 'educator' ? null : state.user.id),
    ]);
    return { ok: true, role, messages, pinnedId: settings.pinnedId, slowModeSeconds: settings.slowModeSeconds, muted, poll, doubts };
  }

  @SubscribeMessage('chat')
  async send(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<{ message: LiveChatMessage }>> {
    const request = parse(liveChatSchema, body);
    if ('ok' in request) return request;
    const state = this.sockets.get(socket);
    const role = state?.classes.get(request.classId);
    if (!state || !role) return refuse(403, 'Join the class before writing in its chat');
    if (role === 'learner') {
      if (await this.chat.isMuted(request.classId, state.user.id)) return refuse(403, 'The teacher has muted you in this class');
      const { slowModeSeconds } = await this.chat.room(request.classId);
      const last = slowModeSeconds > 0 ? await this.chat.lastSentAt(request.classId, state.user.id) : null;
      if (last && Date.now() - last.getTime() < slowModeSeconds * 1000) return refuse(429, `Slow mode: one message every ${slowModeSeconds} seconds`);
    }
    const { message, created } = await this.chat.add({
      classId: request.classId, userId: state.user.id, userName: state.user.name || 'Learner', fromEducator: role === 'educator', text: request.text, clientId: request.clientId,
    });
    if (created) this.server.to(room(request.classId)).emit(LiveGatewayEvent.Chat, message);
    return { ok: true, message };
  }

  /**
   * A learner's doubt, while the class is live: one of the course's doubts (same text rules and posting limit as under
   * a lecture), at the second of the class, stored before it reaches the educator's sockets, once per client id.
   */
  @SubscribeMessage('doubt')
  async askDoubt(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<{ doubt: LiveDoubt }>> {
    const request = parse(liveDoubtSchema, body);
    if ('ok' in request) return request;
    const state = this.sockets.get(socket);
    if (!state || state.classes.get(request.classId) !== 'learner') return refuse(403, 'Join the class as a learner to ask a doubt');
    const again = await this.doubts.byClientId(request.classId, state.user.id, request.clientId);
    if (again) return { ok: true, doubt: again };
    const found = await this.liveClass(request.classId);
    if ('ok' in found) return found;
    if (!(await this.doubts.isEnrolled(state.user.id, found.liveClass.courseId))) return refuse(403, 'Only learners enrolled in the course can ask doubts');
    if (found.liveClass.status !== 'live' || !found.wentLiveAt) return refuse(409, 'Doubts can be asked while the class is live');
    try {
      await this.doubtLimiter.take('post', state.user.id);
    } catch (error) {
      if (error instanceof HttpException) return refuse(error.getStatus(), error.message);
      throw error;
    }
    const { doubt, created } = await this.doubts.ask({
      classId: request.classId, courseId: found.liveClass.courseId, courseTitle: found.liveClass.courseTitle, educatorId: found.educatorId,
      userId: state.user.id, userName: state.user.name || 'Learner', clientId: request.clientId, text: request.text,
      atSecond: Math.max(0, Math.floor((Date.now() - Date.parse(found.wentLiveAt)) / 1000)),
    });
    if (created) this.server.to(educatorRoom(request.classId)).emit(LiveGatewayEvent.Doubt, doubt);
    return { ok: true, doubt };
  }

  @SubscribeMessage('moderate')
  async moderate(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<object>> {
    const request = parse(liveModerationSchema, body);
    if ('ok' in request) return request;
    if (this.sockets.get(socket)?.classes.get(request.classId) !== 'educator') return refuse(403, "Only the class's teacher can do that");
    const to = this.server.to(room(request.classId));
    if (request.action === 'delete') {
      if (!(await this.chat.delete(request.classId, request.messageId))) return refuse(404, 'No such message in this class');
      to.emit(LiveGatewayEvent.Deleted, { id: request.messageId });
    } else if (request.action === 'pin') {
      await this.chat.setRoom(request.classId, { pinnedId: request.messageId });
      to.emit(LiveGatewayEvent.Pinned, { id: request.messageId });
    } else if (request.action === 'slow-mode') {
      await this.chat.setRoom(request.classId, { slowModeSeconds: request.seconds });
      to.emit(LiveGatewayEvent.SlowMode, { seconds: request.seconds });
    } else {
      await this.chat.setMuted(request.classId, request.userId, request.action === 'mute');
      to.emit(LiveGatewayEvent.Muted, { userId: request.userId, muted: request.action === 'mute' });
    }
    return { ok: true };
  }

  /** The learner's player is playing (every 15 s): attendance counts the time since the last beat. */
  @SubscribeMessage('heartbeat')
  async heartbeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<object>> {
    const request = parse(liveHandSchema.pick({ classId: true }), body);
    if ('ok' in request) return request;
    const state = this.sockets.get(socket);
    if (!state || state.classes.get(request.classId) !== 'learner') return refuse(403, 'Join the class first');
    await this.chat.attendanceSeen(request.classId, state.user.id);
    return { ok: true };
  }

  /** Leaving counts the last stretch. */
  async handleDisconnect(socket: Socket): Promise<void> {
    const state = this.sockets.get(socket);
    for (const [classId, role] of state?.classes ?? []) {
      if (role === 'learner') await this.chat.attendanceSeen(classId, state!.user.id).catch(() => undefined);
    }
  }

  /** The educator asks a question; everyone in the class sees it with its counts. */
  @SubscribeMessage('poll-open')
  async openPoll(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<{ poll: LivePoll }>> {
    const request = parse(livePollOpenSchema, body);
    if ('ok' in request) return request;
    if (this.sockets.get(socket)?.classes.get(request.classId) !== 'educator') return refuse(403, "Only the class's teacher can ask a poll");
    const poll = await this.chat.openPoll(request.classId, request.question, request.options);
    this.server.to(room(request.classId)).emit(LiveGatewayEvent.Poll, poll);
    return { ok: true, poll };
  }

  /** A learner's answer (the first one counts): the new counts go to the whole class. */
  @SubscribeMessage('poll-answer')
  async answerPoll(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<{ poll: LivePoll }>> {
    const request = parse(livePollAnswerSchema, body);
    if ('ok' in request) return request;
    const state = this.sockets.get(socket);
    if (!state || state.classes.get(request.classId) !== 'learner') return refuse(403, 'Join the class as a learner to answer');
    if (!(await this.chat.answerPoll(request.classId, request.pollId, state.user.id, request.option))) return refuse(409, 'This poll is closed');
    const poll = (await this.chat.poll(request.classId, request.pollId))!;
    this.server.to(room(request.classId)).emit(LiveGatewayEvent.Poll, poll);
    return { ok: true, poll };
  }

  @SubscribeMessage('poll-close')
  async closePoll(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<LiveAck<object>> {
    const request = parse(livePollCloseSchema, body);
    if ('ok' in request) return request;
    if (this.sockets.get(socket)?.classes.get(request.classId) !== 'educator') return refuse(403, "Only the class's teacher can close a poll");
    await this.chat.closePoll(request.classId, request.pollId);
    const poll = await this.chat.poll(request.classId, request.pollId);
    if (poll) this.server.to(room(request.classId)).emit(LiveGatewayEvent.Poll, poll);
    return { ok: true };
  }

  @SubscribeMessage('hand')
  hand(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): LiveAck<object> {
    const request = parse(liveHandSchema, body);
    if ('ok' in request) return request;
    const state = this.sockets.get(socket);
    if (!state || state.classes.get(request.classId) !== 'learner') return refuse(403, 'Join the class as a learner to raise your hand');
    this.server.to(educatorRoom(request.classId)).emit(LiveGatewayEvent.Hand, { userId: state.user.id, userName: state.user.name || 'Learner', raised: request.raised });
    return { ok: true };
  }

  /**
   * The stage changed (catalogue holds who is on it and checks every publish): a member of the class says so, and
   * the whole class is told to read it again.
   */
  @SubscribeMessage('stage')
  stage(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): LiveAck<object> {
    const request = parse(liveStageSchema, body);
    if ('ok' in request) return request;
    if (!this.sockets.get(socket)?.classes.has(request.classId)) return refuse(403, 'Join the class first');
    this.server.to(room(request.classId)).emit(LiveGatewayEvent.Stage, { classId: request.classId });
    return { ok: true };
  }

  private async liveClass(classId: string): Promise<InternalLiveClassAnswer | Refusal> {
    try {
      return await this.catalogue.get<InternalLiveClassAnswer>(INTERNAL_LIVE_CLASS_PATH(classId));
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) return refuse(404, 'Live class not found');
      this.logger.warn(`catalogue did not answer for class ${classId}: ${error instanceof Error ? error.message : String(error)}`);
      return refuse(503, 'The class cannot be joined right now, please try again');
    }
  }
}

function parse<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> | Refusal {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : refuse(400, parsed.error.issues[0]?.message ?? 'Bad request');
}
