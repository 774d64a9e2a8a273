import { LIVE_CHAT_MAX_LENGTH, type LiveAck, type LiveChatMessage, type LivePoll } from '@academy/contracts';
import { translateMessage, useFormat, useTranslation } from '@academy/platform';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLiveRoom, type LiveRoom, type LiveRoomState } from './useLiveRoom';
import './live-chat.css';

type Ask = <T extends object>(event: string, body: object) => Promise<LiveAck<T>>;

/** What a page's own part of the class (the stage) gets from the panel's gateway connection. */
export interface LiveRoomHandle {
  state: LiveRoomState;
  ask: Ask;
}

/** A client id per message, so a message sent again after a reconnect is stored once. */
const clientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * A live class's chat, poll and raised hands through the gateway. The educator also pins, deletes, mutes, sets slow
 * mode, asks and closes polls and sees raised hands; a learner answers polls and raises a hand, and while
 * `isWatching()` a heartbeat every 15 s counts towards their attendance.
 */
export function LiveChatPanel({
  classId,
  getToken,
  asEducator = false,
  isWatching,
  top,
  extra,
}: {
  classId: string;
  getToken: () => Promise<string>;
  asEducator?: boolean;
  isWatching?: () => boolean;
  /** The page's own part shown at the top of the panel, on the same connection (the stage). */
  top?: (room: LiveRoomHandle) => ReactNode;
  /** A page's own part of the class on the same connection (the doubts), shown after the chat. */
  extra?: (room: LiveRoom) => ReactNode;
}) {
  const { t } = useTranslation('ui');
  const id = useId();
  const room = useLiveRoom(classId, getToken);
  const { state, ask, setProblem, addMessage } = room;
  const watching = useRef(isWatching);
  watching.current = isWatching;
  useEffect(() => {
    if (asEducator || state.connection !== 'connected') return;
    const timer = setInterval(() => void (watching.current?.() && ask('heartbeat', {})), 15_000);
    return () => clearInterval(timer);
  }, [asEducator, state.connection, ask]);
  const act = async (event: string, body: object) => {
    const answer = await ask(event, body);
    setProblem(answer.ok ? null : answer.message);
    return answer.ok;
  };
  const pinned = state.messages.find((message) => message.id === state.pinnedId);

  return (
    <section className="live-chat" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="live-chat__title">
        {t('live.title')}
      </h2>
      <p className="live-chat__state" role="status">
        {state.connection === 'connecting' && t('live.connecting')}
        {state.connection === 'reconnecting' && t('live.reconnecting')}
        {state.connection === 'connected' && state.slowMode > 0 && t('live.slowMode', { count: state.slowMode })}
      </p>
      {top?.(room)}
      {pinned && (
        <p className="live-chat__pinned">
          <strong>{t('live.pinned')}</strong> {pinned.userName}: {pinned.text}
        </p>
      )}
      {asEducator && state.hands.length > 0 && (
        <p className="live-chat__hands" role="status">
          {t('live.raisedHands', { names: state.hands.map((hand) => hand.userName).join(', ') })}
        </p>
      )}
      {state.poll && <PollBox poll={state.poll} asEducator={asEducator} act={act} />}
      <Messages messages={state.messages} asEducator={asEducator} act={act} />
      {state.problem && (
        <p className="form-error" role="alert">
          {translateMessage(state.problem)}
        </p>
      )}
      {state.connection !== 'refused' && <ChatForm state={state} asEducator={asEducator} ask={ask} act={act} onSent={addMessage} setProblem={setProblem} />}
      {asEducator && state.connection === 'connected' && <AskPoll act={act} />}
      {extra?.(room)}
    </section>
  );
}

function Messages({ messages, asEducator, act }: { messages: LiveChatMessage[]; asEducator: boolean; act: (event: string, body: object) => Promise<boolean> }) {
  const { t } = useTranslation('ui');
  return (
    <ol className="live-chat__messages" aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={message.fromEducator ? 'live-chat__message live-chat__message--educator' : 'live-chat__message'}>
          <strong>
            {message.userName}
            {message.fromEducator ? t('live.teacher') : ''}:
          </strong>{' '}
          {message.text}
          {asEducator && (
            <span className="live-chat__tools">
              <button type="button" className="button-secondary" onClick={() => void act('moderate', { action: 'pin', messageId: message.id })}>
                {t('live.pin')}
              </button>
              <button type="button" className="button-secondary" onClick={() => void act('moderate', { action: 'delete', messageId: message.id })}>
                {t('live.delete')}
              </button>
              {!message.fromEducator && (
                <button type="button" className="button-secondary" onClick={() => void act('moderate', { action: 'mute', userId: message.userId })}>
                  {t('live.mute', { name: message.userName })}
                </button>
              )}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The chat box. Its only rule (a blank message is not sent) needs no schema, and no form library: `@academy/ui` is a
 * shared module loaded whole on every first page, which react-hook-form stays off (docs/performance.md). The
 * gateway checks the message and its refusal is shown by the panel.
 */
function ChatForm(props: {
  state: LiveRoomState;
  asEducator: boolean;
  ask: Ask;
  act: (event: string, body: object) => Promise<boolean>;
  onSent(message: LiveChatMessage): void;
  setProblem(problem: string | null): void;
}) {
  const { state, asEducator, ask, act } = props;
  const { t } = useTranslation('ui');
  const id = useId();
  const [text, setText] = useState('');
  const [handRaised, setHandRaised] = useState(false);
  const connected = state.connection === 'connected';
  // The same text sent again (its answer lost in a reconnect) keeps its client id: the gateway stores it once.
  const pending = useRef<{ text: string; clientId: string } | null>(null);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (pending.current?.text !== text) pending.current = { text, clientId: clientId() };
    const answer = await ask<{ message: LiveChatMessage }>('chat', { clientId: pending.current.clientId, text });
    if (!answer.ok) return props.setProblem(answer.message);
    pending.current = null;
    props.setProblem(null);
    setText('');
    props.onSent(answer.message);
  };
  return (
    <form className="live-chat__form" onSubmit={(event) => void send(event)}>
      <label htmlFor={`${id}-text`} className="live-chat__label">
        {t('live.message')}
      </label>
      <input id={`${id}-text`} value={text} maxLength={LIVE_CHAT_MAX_LENGTH} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      {/* While reconnecting a message waits for the rejoin and then goes, once. */}
      <button type="submit" disabled={!connected && state.connection !== 'reconnecting'}>
        {t('live.send')}
      </button>
      {!asEducator && (
        <button type="button" className="button-secondary" aria-pressed={handRaised} disabled={!connected} onClick={() => void act('hand', { raised: !handRaised }).then((ok) => ok && setHandRaised(!handRaised))}>
          {handRaised ? t('live.lowerHand') : t('live.raiseHand')}
        </button>
      )}
      {asEducator && (
        <button type="button" className="button-secondary" aria-pressed={state.slowMode > 0} onClick={() => void act('moderate', { action: 'slow-mode', seconds: state.slowMode > 0 ? 0 : 10 })}>
          {state.slowMode > 0 ? t('live.slowModeOff') : t('live.slowModeOn')}
        </button>
      )}
    </form>
  );
}

/** The class's poll: its question, each choice with its count; learners answer once, the educator closes it. */
function PollBox({ poll, asEducator, act }: { poll: LivePoll; asEducator: boolean; act: (event: string, body: object) => Promise<boolean> }) {
  const { t } = useTranslation('ui');
  const format = useFormat();
  const total = poll.counts.reduce((sum, count) => sum + count, 0);
  return (
    <div className="live-chat__poll" role="group" aria-label={t('live.pollLabel', { question: poll.question })}>
      <p>
        <strong>{poll.closed ? t('live.pollClosed') : t('live.poll')}</strong> {poll.question}
      </p>
      <ul className="live-chat__poll-options">
        {poll.options.map((option, index) => (
          <li key={index}>
            {asEducator || poll.closed ? (
              <span>{option}</span>
            ) : (
              <button type="button" className="button-secondary" onClick={() => void act('poll-answer', { pollId: poll.id, option: index })}>
                {option}
              </button>
            )}{' '}
            <span className="live-chat__poll-count">
              {t('live.pollCount', { votes: format.count(poll.counts[index] ?? 0), total: format.count(total) })}
            </span>
          </li>
        ))}
      </ul>
      {asEducator && !poll.closed && (
        <button type="button" className="button-secondary" onClick={() => void act('poll-close', { pollId: poll.id })}>
          {t('live.closePoll')}
        </button>
      )}
    </div>
  );
}

/**
 * The educator's form: a question and two to four choices, checked by the gateway (its refusal shown by the panel).
 * No form library, for the same first-page reason as the chat box.
 */
function AskPoll({ act }: { act: (event: string, body: object) => Promise<boolean> }) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [question, setQuestion] = useState('');
  const [choices, setChoices] = useState(['', '', '', '']);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const options = choices.map((choice) => choice.trim()).filter(Boolean);
    if (await act('poll-open', { question, options })) {
      setQuestion('');
      setChoices(['', '', '', '']);
    }
  };
  return (
    <form className="live-chat__ask-poll" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('live.askPoll')}</h3>
      <label htmlFor={`${id}-question`}>{t('live.question')}</label>
      <input id={`${id}-question`} value={question} maxLength={200} onChange={(event) => setQuestion(event.target.value)} />
      {choices.map((choice, index) => (
        <span key={index}>
          <label htmlFor={`${id}-choice-${index}`}>{t('live.choice', { number: index + 1 })}</label>
          <input id={`${id}-choice-${index}`} value={choice} maxLength={80} onChange={(event) => setChoices(choices.map((other, at) => (at === index ? event.target.value : other)))} />
        </span>
      ))}
      <button type="submit">{t('live.askClass')}</button>
    </form>
  );
}
