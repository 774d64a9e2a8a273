import { DOUBT_TEXT_MAX, formatVideoSecond, type LiveDoubt } from '@academy/contracts';
import { translateMessage, useTranslation } from '@academy/platform';
import type { LiveRoom } from '@academy/ui/live';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/** Made once per doubt and kept until the gateway has it, so a doubt sent again after a dropped answer is stored once. */
const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The form's check, in the language shown (the gateway checks the length and the rest). */
const askDoubtSchema = (t: TFunction) => z.object({ text: z.string().refine((text) => text.trim() !== '', t('live.doubts.empty')) });
type AskDoubtValues = z.infer<ReturnType<typeof askDoubtSchema>>;

/**
 * "Ask a doubt" in the live room: the doubt goes to the teacher's screen at once and into the course's doubts, at
 * this second of the class (under the recording's lecture once it is one). The learner's own doubts are listed.
 */
export function AskDoubtForm({ room, live }: { room: LiveRoom; live: boolean }) {
  const { t } = useTranslation('learner');
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<AskDoubtValues>({ defaultValues: { text: '' }, resolver: zodResolver(askDoubtSchema(t)) });
  const [sent, setSent] = useState(false);
  const clientId = useRef(newClientId());
  const connected = room.state.connection === 'connected';
  const sending = formState.isSubmitting;

  const submit = handleSubmit(async ({ text }) => {
    const answer = await room.ask<{ doubt: LiveDoubt }>('doubt', { clientId: clientId.current, text });
    if (!answer.ok) return setError('text', { message: translateMessage(answer.message) });
    room.addDoubt(answer.doubt);
    clientId.current = newClientId();
    reset();
    setSent(true);
  });
  const problem = formState.errors.text?.message;
  const textField = register('text', { onChange: () => setSent(false) });

  return (
    <section className="live-doubts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('live.doubts.title')}</h3>
      {!live ? (
        <p>{t('live.doubts.whileLive')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-text`}>{t('live.doubts.label')}</label>
          <textarea
            id={`${id}-text`}
            rows={3}
            maxLength={DOUBT_TEXT_MAX}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            {...textField}
          />
          <p id={`${id}-hint`} className="live-doubts__hint">
            {t('live.doubts.hint')}
          </p>
          {problem && (
            <p id={`${id}-problem`} className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" disabled={!connected || sending}>
            {t('live.doubts.ask')}
          </button>
        </form>
      )}
      <p role="status" className="live-doubts__status">
        {sent ? t('live.doubts.sent') : ''}
      </p>
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
