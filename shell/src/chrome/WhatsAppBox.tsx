import { FormEvent, KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from '@academy/routing';
import { useRuntimeConfig, useTranslation } from '@academy/platform';
import './WhatsAppBox.css';

/** The chat link to the business number with the question as its pre-filled message. */
export function whatsAppChatUrl(phoneNumber: string, text: string): string {
  return `https://wa.me/${phoneNumber}?text=${encodeURIComponent(text)}`;
}

const WhatsAppIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26" focusable="false">
    <path
      fill="currentColor"
      d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.2-.2-.5-.3Z"
    />
  </svg>
);

/**
 * The floating question box that opens a WhatsApp chat in a new tab; never shown in the educator area. At every
 * width it is a round button at the side that opens the box (a disclosure: Escape or "Close" folds it and focus
 * returns to the button), so it never lies over the page's content; the footer keeps room for the button.
 * Not on react-hook-form, like the footer's newsletter form: the box is in the chrome of every first page, which
 * react-hook-form stays off (docs/performance.md), and its one rule (blank text sends nothing) needs no schema.
 */
export function WhatsAppBox() {
  const { t } = useTranslation('shell');
  const { whatsappNumber } = useRuntimeConfig();
  const { pathname } = useLocation();
  const [question, setQuestion] = useState('');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // A page change folds it again.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (pathname === '/educator' || pathname.startsWith('/educator/')) return null;

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    window.open(whatsAppChatUrl(whatsappNumber, text), '_blank', 'noopener');
    setQuestion('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="whatsapp" data-open={open} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="whatsapp__toggle"
        aria-expanded={open}
        aria-controls="whatsapp-box"
        aria-label={t('chrome.whatsApp.ask')}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <WhatsAppIcon />
      </button>
      <form id="whatsapp-box" className="whatsapp-box" onSubmit={send} aria-label={t('chrome.whatsApp.ask')}>
        <label htmlFor="whatsapp-question" className="visually-hidden">
          {t('chrome.whatsApp.questionLabel')}
        </label>
        <input
          ref={input}
          id="whatsapp-question"
          type="text"
          placeholder={t('chrome.whatsApp.questionPlaceholder')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit" aria-label={t('chrome.whatsApp.send')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <path fill="currentColor" d="M2 21l21-9L2 3v7l15 2-15 2z" />
          </svg>
        </button>
        <button type="button" className="whatsapp-box__close" aria-label={t('chrome.whatsApp.close')} onClick={close}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
            <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" />
          </svg>
        </button>
      </form>
    </div>
  );
}
