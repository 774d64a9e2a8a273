import type { PolicyDocument } from './policyContent.js';
import '../common/InfoPage.css';
import './PolicyPage.css';

/** A policy document rendered as a numbered list of titled sections. */
export function PolicyPage({ document }: { document: PolicyDocument }) {
  return (
    <div className="info-page policy-page">
      <header className="info-page__header">
        <h1>{document.title}</h1>
        <p>{document.summary}</p>
      </header>
      <ol className="policy-page__sections">
        {document.sections.map((section) => (
          <li key={section.title} className="policy-page__section">
            <h2>{section.title}</h2>
            <p>{section.content}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
