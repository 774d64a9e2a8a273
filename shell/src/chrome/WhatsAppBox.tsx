import { FormEvent, useState } from 'react';
import { useLocation } from '@academy/routing';
import { useRuntimeConfig } from '@academy/platform';
import './WhatsAppBox.css';

/** The chat link to the business number with the question as its pre-filled message. */
export function whatsAppChatUrl(phoneNumber: string, text: string): string {
  return `https://wa.me/${phoneNumber}?text=${encodeURIComponent(text)}`;
}

/** Floating question box that opens a WhatsApp chat in a new tab; never shown in the educator area. */
export function WhatsAppBox() {
  const { whatsappNumber } = useRuntimeConfig();
  const { pathname } = useLocation();
  const [question, setQuestion] = useState('');

  if (pathname === '/educator' || pathname.startsWith('/educator/')) return null;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    window.open(whatsAppChatUrl(whatsappNumber, text), '_blank', 'noopener');
    setQuestion('');
  };

  return (
    <form className="whatsapp-box" onSubmit={send} aria-label="Ask us on WhatsApp">
      <label htmlFor="whatsapp-question" className="visually-hidden">
        Your question for us on WhatsApp
      </label>
      <input
        id="whatsapp-question"
        type="text"
        placeholder="Ask us anything…"
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <button type="submit" aria-label="Send on WhatsApp">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path fill="currentColor" d="M2 21l21-9L2 3v7l15 2-15 2z" />
        </svg>
      </button>
    </form>
  );
}
