import {
  LIVE_CHAT_MAX_LENGTH,
  LIVE_GATEWAY_PATH,
  LiveGatewayEvent,
  type LiveAck,
  type LiveChatMessage,
  type LiveHandEvent,
  type LiveJoinAnswer,
} from '@academy/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Socket } from 'socket.io-client';
import './live-chat.css';

type Connection = 'connecting' | 'connected' | 'reconnecting' | 'refused';

/** A client id per message, so a message sent again after a reconnect is stored once. */
const clientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Adds messages by id (a reconnect's missed ones, a broadcast of one's own): none twice, in order. */
function merge(current: LiveChatMessage[], more: LiveChatMessage[]): LiveChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A live class's chat through the gateway (socket.io, WebSocket only): joins the class, shows what was said, sends
 * with a client id; after a reconnect asks only for what came after the last message it has. The educator also
 * pins, deletes, mutes and sets slow mode, and sees raised hands; a learner can raise a hand.
 */
export function LiveChatPanel({
  classId,
  getToken,
  asEducator = false,
  isWatching,
}: {
  classId: string;
  getToken: () => Promise<string>;
  asEducator?: boolean;
  /** A learner's player is playing: a heartbeat every 15 s counts towards attendance. */
  isWatching?: () => boolean;
}) {
  const id = useId();
  const [messages, setMessages] = useState<LiveChatMessage[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [problem, setProblem] = useState<string | null>(null);
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  const [slowMode, setSlowMode] = useState(0);
  const [hands, setHands] = useState<LiveHandEvent[]>([]);
  const [handRaised, setHandRaised] = useState(false);
  const [text, setText] = useState('');
  const socket = useRef<Socket | null>(null);
  const lastId = useRef(0);
  // The token source may change identity on every render; the connection must not.
  const tokenSource = useRef(getToken);
  tokenSource.current = getToken;

  useEffect(() => {
    let closed = false;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const client = io({ path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: (send) => void tokenSource.current().then((token) => send({ token })) });
      socket.current = client;
      const join = () =>
        client.emit('join', { classId, afterId: lastId.current || undefined }, (answer: LiveAck<LiveJoinAnswer>) => {
          if (!answer.ok) {
            setConnection('refused');
            setProblem(answer.message);
            client.disconnect();
            return;
          }
          setConnection('connected');
          setPinnedId(answer.pinnedId);
          setSlowMode(answer.slowModeSeconds);
          setMessages((current) => merge(current, answer.messages));
        });
      client.on('connect', join);
      client.on('disconnect', () => !closed && setConnection((state) => (state === 'refused' ? state : 'reconnecting')));
      // A refused handshake (no valid token) is not retried by socket.io; anything else is.
      client.on('connect_error', (error: Error) => !client.active && (setConnection('refused'), setProblem(error.message)));
      client.on(LiveGatewayEvent.Chat, (message: LiveChatMessage) => setMessages((current) => merge(current, [message])));
      client.on(LiveGatewayEvent.Deleted, ({ id: gone }: { id: number }) => setMessages((current) => current.filter((message) => message.id !== gone)));
      client.on(LiveGatewayEvent.Pinned, ({ id: pinned }: { id: number | null }) => setPinnedId(pinned));
      client.on(LiveGatewayEvent.SlowMode, ({ seconds }: { seconds: number }) => setSlowMode(seconds));
      client.on(LiveGatewayEvent.Hand, (hand: LiveHandEvent) => setHands((current) => [...current.filter((other) => other.userId !== hand.userId), ...(hand.raised ? [hand] : [])]));
    });
    return () => {
      closed = true;
      socket.current?.disconnect();
      socket.current = null;
    };
  }, [classId]);
  useEffect(() => void (lastId.current = messages.at(-1)?.id ?? lastId.current), [messages]);
  const watching = useRef(isWatching);
  watching.current = isWatching;
  useEffect(() => {
    if (asEducator || connection !== 'connected') return;
    const timer = setInterval(() => watching.current?.() && socket.current?.emit('heartbeat', { classId }), 15_000);
    return () => clearInterval(timer);
  }, [asEducator, connection, classId]);

  const emit = <T,>(event: string, body: object) =>
    new Promise<LiveAck<T>>((resolve) => (socket.current ? socket.current.timeout(10_000).emit(event, body, (error: Error | null, answer: LiveAck<T>) => resolve(error ? { ok: false, status: 503, message: 'The chat did not answer: try again' } : answer)) : resolve({ ok: false, status: 503, message: 'Not connected' })));
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    const answer = await emit<{ message: LiveChatMessage }>('chat', { classId, clientId: clientId(), text });
    if (!answer.ok) return setProblem(answer.message);
    setProblem(null);
    setText('');
    setMessages((current) => merge(current, [answer.message]));
  };
  const moderate = async (body: object) => {
    const answer = await emit<object>('moderate', { classId, ...body });
    setProblem(answer.ok ? null : answer.message);
  };
  const raiseHand = async () => {
    const answer = await emit<object>('hand', { classId, raised: !handRaised });
    if (answer.ok) setHandRaised(!handRaised);
    else setProblem(answer.message);
  };
  const pinned = messages.find((message) => message.id === pinnedId);

  return (
    <section className="live-chat" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="live-chat__title">
        Class chat
      </h2>
      <p className="live-chat__state" role="status">
        {connection === 'connecting' && 'Connecting to the chat…'}
        {connection === 'reconnecting' && 'Reconnecting to the chat…'}
        {connection === 'connected' && slowMode > 0 && `Slow mode: one message every ${slowMode} seconds`}
      </p>
      {pinned && (
        <p className="live-chat__pinned">
          <strong>Pinned:</strong> {pinned.userName}: {pinned.text}
        </p>
      )}
      {asEducator && hands.length > 0 && (
        <p className="live-chat__hands" role="status">
          Raised hands: {hands.map((hand) => hand.userName).join(', ')}
        </p>
      )}
      <ol className="live-chat__messages" aria-live="polite">
        {messages.map((message) => (
          <li key={message.id} className={message.fromEducator ? 'live-chat__message live-chat__message--educator' : 'live-chat__message'}>
            <strong>{message.userName}{message.fromEducator ? ' (teacher)' : ''}:</strong> {message.text}
            {asEducator && (
              <span className="live-chat__tools">
                <button type="button" className="button-secondary" onClick={() => void moderate({ action: 'pin', messageId: message.id })}>Pin</button>
                <button type="button" className="button-secondary" onClick={() => void moderate({ action: 'delete', messageId: message.id })}>Delete</button>
                {!message.fromEducator && <button type="button" className="button-secondary" onClick={() => void moderate({ action: 'mute', userId: message.userId })}>Mute {message.userName}</button>}
              </span>
            )}
          </li>
        ))}
      </ol>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {connection !== 'refused' && (
        <form className="live-chat__form" onSubmit={(event) => void send(event)}>
          <label htmlFor={`${id}-text`} className="live-chat__label">Message</label>
          <input id={`${id}-text`} value={text} maxLength={LIVE_CHAT_MAX_LENGTH} onChange={(event) => setText(event.target.value)} autoComplete="off" />
          <button type="submit" disabled={connection !== 'connected'}>Send</button>
          {!asEducator && (
            <button type="button" className="button-secondary" aria-pressed={handRaised} disabled={connection !== 'connected'} onClick={() => void raiseHand()}>
              {handRaised ? 'Lower hand' : 'Raise hand'}
            </button>
          )}
          {asEducator && (
            <button type="button" className="button-secondary" aria-pressed={slowMode > 0} onClick={() => void moderate({ action: 'slow-mode', seconds: slowMode > 0 ? 0 : 10 })}>
              {slowMode > 0 ? 'Turn off slow mode' : 'Slow mode (10 s)'}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
