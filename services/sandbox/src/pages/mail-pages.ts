import type { ReceivedMail } from '../mail/mail-store.js';
import { html, type SafeHtml } from './html.js';

/** The mail section of the inbox page: each message's headers, its text part, and a link to its HTML part. */
export function renderMailSection(mail: ReceivedMail[]): SafeHtml {
  return html`
<h2 id="mail">Mail</h2>
<p class="note">Email the services sent through the sandbox's SMTP server, newest first. As JSON: <a href="/forms/inbox/mail.json">/forms/inbox/mail.json</a>.</p>
${
  mail.length === 0
    ? html`<p>No mail received yet.</p>`
    : mail.map(
        (message) => html`<article class="mail" aria-labelledby="mail-${message.id}">
  <h3 id="mail-${message.id}">${message.subject || '(no subject)'}</h3>
  <p><strong>To:</strong> ${message.to.join(', ')}<br><strong>From:</strong> ${message.from}<br>
  <strong>Received:</strong> <time datetime="${message.receivedAt}">${message.receivedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time></p>
  ${message.html ? html`<p><a href="/forms/inbox/mail/${message.id}">Open the HTML version of “${message.subject}”</a></p>` : ''}
  <pre>${message.text}</pre>
</article>`,
      )
}`;
}
