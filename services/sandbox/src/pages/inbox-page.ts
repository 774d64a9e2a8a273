import type { ReceivedMail } from '../mail/mail-store.js';
import { html, pageLayout } from './html.js';
import { renderMailSection } from './mail-pages.js';

export interface InboxEntryView {
  id: string;
  service: string;
  formName: string;
  receivedAt: string;
  fields: Record<string, string>;
}

export function renderInboxPage(entries: InboxEntryView[], mail: ReceivedMail[] = []): string {
  const body = html`
<h1>Form inbox</h1>
<p class="note">Submissions received by the sandbox form services, newest first. The same list as JSON: <a href="/forms/inbox.json">/forms/inbox.json</a>.</p>
${
  entries.length === 0
    ? html`<p>Nothing received yet.</p>`
    : html`<table>
  <caption class="note">${entries.length} submission${entries.length === 1 ? '' : 's'}</caption>
  <thead><tr><th scope="col">Received</th><th scope="col">Form</th><th scope="col">Fields</th></tr></thead>
  <tbody>
  ${entries.map(
    (entry) => html`<tr>
    <td><time datetime="${entry.receivedAt}">${entry.receivedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time></td>
    <td>${entry.service}<br><span class="note">${entry.formName}</span></td>
    <td>${Object.entries(entry.fields).map(([name, value]) => html`<p><strong>${name}:</strong></p><pre>${value}</pre>`)}</td>
  </tr>`,
  )}
  </tbody>
</table>`
}
${renderMailSection(mail)}`;
  return pageLayout('Form inbox · Academy sandbox', body);
}
