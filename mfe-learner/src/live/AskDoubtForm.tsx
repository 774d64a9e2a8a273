import { DOUBT_TEXT_MAX, formatVideoSecond, type LiveDoubt } from '@academy/contracts';
import { translateMessage } from '@academy/platform';
import type { LiveRoom } from '@academy/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Made once per doubt and kept until the gateway has it, so a doubt sent again after a dropped answer is stored once. */
const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * "Ask a doubt" in the live room: the doubt goes to the teacher's screen at once and into the course's doubts, at
 * this second of the class (under the recording's lecture once it is one). The learner's own doubts are listed.
 */
export function AskDoubtForm({ room, live }: { room: LiveRoom; live: boolean }) {
  const { t } = useTranslation('learner');
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const clientId = useRef(newClientId());
  const connected = room.state.connection === 'connected';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return setProblem(t('live.doubts.empty'));
    setStatus('sending');
    const answer = await room.ask<{ doubt: LiveDoubt }>('doubt', { clientId: clientId.current, text });
    if (!answer.ok) {
      setStatus('idle');
      return setProblem(answer.message);
    }
    room.addDoubt(answer.doubt);
    clientId.current = newClientId();
    setText('');
    setProblem(null);
    setStatus('sent');
  };

  return (
    <section className="live-doubts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('live.doubts.title')}</h3>
      {!live ? (
        <p>{t('live.doubts.whileLive')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor={`${id}-text`}>{t('live.doubts.label')}</label>
          <textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={DOUBT_TEXT_MAX}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              if (status === 'sent') setStatus('idle');
            }}
          />
          <p id={`${id}-hint`} className="live-doubts__hint">
            {t('live.doubts.hint')}
          </p>
          <button type="submit" disabled={!connected || status === 'sending'}>
            {t('live.doubts.ask')}
          </button>
        </form>
      )}
      <p role="status" className="live-doubts__status">
        {status === 'sent' ? t('live.doubts.sent') : ''}
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {translateMessage(problem)}
        </p>
      )}
      {room.state.doubts.length > 0 && (
        <>
          <h4>{t('live.doubts.mine')}</h4>
          <ol className="live-doubts__list">
            {room.state.doubts.map((doubt) => (
              <li key={doubt.id}>
                <span className="live-doubts__at">{t('live.doubts.at', { time: formatVideoSecond(doubt.atSecond) })}</span>
                <div dangerouslySetInnerHTML={{ __html: doubt.html }} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
