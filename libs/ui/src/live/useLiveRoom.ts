import {
  LIVE_GATEWAY_PATH,
  LiveGatewayEvent,
  type LiveAck,
  type LiveChatMessage,
  type LiveDoubt,
  type LiveHandEvent,
  type LiveJoinAnswer,
  type LivePoll,
} from '@academy/contracts';
import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';

export type Connection = 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** Adds messages by id (a reconnect's missed ones, a broadcast of one's own): none twice, in order. */
export function mergeMessages(current: LiveChatMessage[], more: LiveChatMessage[]): LiveChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Adds doubts by id (the join's list, the educator's live ones, one's own ack): none twice, oldest first. */
export function mergeDoubts(current: LiveDoubt[], more: LiveDoubt[]): LiveDoubt[] {
  const byId = new Map(current.map((doubt) => [doubt.id, doubt]));
  for (const doubt of more) byId.set(doubt.id, doubt);
  return [...byId.values()].sort((a, b) => a.askedAt.localeCompare(b.askedAt) || a.id.localeCompare(b.id));
}

export interface LiveRoomState {
  connection: Connection;
  problem: string | null;
  messages: LiveChatMessage[];
  pinnedId: number | null;
  slowMode: number;
  hands: LiveHandEvent[];
  poll: LivePoll | null;
  /** Doubts asked in the class: all of them for the educator, one's own for a learner. */
  doubts: LiveDoubt[];
  /** Counts the gateway's "the stage changed" events: who is on it is read again from catalogue at each. */
  stageVersion: number;
}

const initial: LiveRoomState = { connection: 'connecting', problem: null, messages: [], pinnedId: null, slowMode: 0, hands: [], poll: null, doubts: [], stageVersion: 0 };

/** Wires the socket's events into the room's state. */
function listen(client: Socket, update: (change: (state: LiveRoomState) => LiveRoomState) => void): void {
  client.on(LiveGatewayEvent.Chat, (message: LiveChatMessage) => update((state) => ({ ...state, messages: mergeMessages(state.messages, [message]) })));
  client.on(LiveGatewayEvent.Deleted, ({ id }: { id: number }) => update((state) => ({ ...state, messages: state.messages.filter((message) => message.id !== id) })));
  client.on(LiveGatewayEvent.Pinned, ({ id }: { id: number | null }) => update((state) => ({ ...state, pinnedId: id })));
  client.on(LiveGatewayEvent.SlowMode, ({ seconds }: { seconds: number }) => update((state) => ({ ...state, slowMode: seconds })));
  client.on(LiveGatewayEvent.Poll, (poll: LivePoll) => update((state) => ({ ...state, poll })));
  client.on(LiveGatewayEvent.Doubt, (doubt: LiveDoubt) => update((state) => ({ ...state, doubts: mergeDoubts(state.doubts, [doubt]) })));
  client.on(LiveGatewayEvent.Stage, () => update((state) => ({ ...state, stageVersion: state.stageVersion + 1 })));
  client.on(LiveGatewayEvent.Hand, (hand: LiveHandEvent) =>
    update((state) => ({ ...state, hands: [...state.hands.filter((other) => other.userId !== hand.userId), ...(hand.raised ? [hand] : [])] })),
  );
}

/** How long something asked while the gateway is away waits for the rejoin. */
const REJOIN_WAIT_MS = 30_000;

/** A promise resolved from outside, once. */
function settable() {
  let set = () => {};
  const result = { done: false, promise: new Promise<void>((resolve) => (set = resolve)), set: () => {} };
  result.set = () => {
    result.done = true;
    set();
  };
  return result;
}

/**
 * A live class's gateway connection (socket.io, WebSocket only, loaded when a live page opens): joins the class,
 * keeps its messages, pin, slow mode, poll and raised hands; after a reconnect asks only for what came after the
 * last message it has. `ask` sends an event and resolves with its acknowledgement.
 */
export function useLiveRoom(classId: string, getToken: () => Promise<string>) {
  const [state, setState] = useState<LiveRoomState>(initial);
  const socket = useRef<Socket | null>(null);
  const lastId = useRef(0);
  // Resolved while joined. What is asked while the gateway is away waits for the rejoin (socket.io's own buffer would
  // send it before the join, and a restarted gateway refuses a socket that has not joined).
  const joined = useRef(settable());
  // The token source may change identity on every render; the connection must not.
  const tokenSource = useRef(getToken);
  tokenSource.current = getToken;

  useEffect(() => {
    let closed = false;
    const update = (change: (current: LiveRoomState) => LiveRoomState) => !closed && setState(change);
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const client = io({ path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: (send) => void tokenSource.current().then((token) => send({ token })) });
      socket.current = client;
      client.on('connect', () =>
        client.emit('join', { classId, afterId: lastId.current || undefined }, (answer: LiveAck<LiveJoinAnswer>) => {
          if (!answer.ok) {
            client.disconnect();
            return update((current) => ({ ...current, connection: 'refused', problem: answer.message }));
          }
          joined.current.set();
          update((current) => ({ ...current, connection: 'connected', pinnedId: answer.pinnedId, slowMode: answer.slowModeSeconds, poll: answer.poll, messages: mergeMessages(current.messages, answer.messages), doubts: mergeDoubts(current.doubts, answer.doubts ?? []) }));
        }),
      );
      client.on('disconnect', () => {
        if (joined.current.done) joined.current = settable();
        update((current) => ({ ...current, connection: current.connection === 'refused' ? 'refused' : 'reconnecting' }));
      });
      // A refused handshake (no valid token) is not retried by socket.io; anything else is.
      client.on('connect_error', (error: Error) => !client.active && update((current) => ({ ...current, connection: 'refused', problem: error.message })));
      listen(client, update);
    });
    return () => {
      closed = true;
      socket.current?.disconnect();
      socket.current = null;
    };
  }, [classId]);
  useEffect(() => void (lastId.current = state.messages.at(-1)?.id ?? lastId.current), [state.messages]);

  const ask = useCallback(
    <T extends object>(event: string, body: object) =>
      new Promise<LiveAck<T>>((resolve) => {
        const notConnected = () => resolve({ ok: false, status: 503, message: i18next.t('ui:live.notConnected') });
        if (!socket.current) return notConnected();
        const waiting = setTimeout(notConnected, REJOIN_WAIT_MS);
        void joined.current.promise.then(() => {
          clearTimeout(waiting);
          if (!socket.current) return notConnected();
          socket.current.timeout(10_000).emit(event, { classId, ...body }, (error: Error | null, answer: LiveAck<T>) =>
            resolve(error ? { ok: false, status: 503, message: i18next.t('ui:live.noAnswer') } : answer),
          );
        });
      }),
    [classId],
  );
  const setProblem = useCallback((problem: string | null) => setState((current) => ({ ...current, problem })), []);
  const addMessage = useCallback((message: LiveChatMessage) => setState((current) => ({ ...current, messages: mergeMessages(current.messages, [message]) })), []);
  const addDoubt = useCallback((doubt: LiveDoubt) => setState((current) => ({ ...current, doubts: mergeDoubts(current.doubts, [doubt]) })), []);
  return { state, ask, setProblem, addMessage, addDoubt };
}

/** A class's connection as the chat panel holds it: what a page's own part of the room (doubts) reads and sends. */
export type LiveRoom = ReturnType<typeof useLiveRoom>;
