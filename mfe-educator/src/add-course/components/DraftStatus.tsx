import type { AutosaveStatus } from '../data/useDraftAutosave';

/** The draft's save state beside the page title, announced politely (never interrupting typing). */
export function DraftStatus({ status }: { status: AutosaveStatus }) {
  let text = '';
  let tone = 'quiet';
  switch (status.kind) {
    case 'saving':
      text = 'Saving…';
      break;
    case 'saved':
      text = 'Saved';
      break;
    case 'retrying':
      text = 'Not saved — retrying';
      tone = 'warning';
      break;
    case 'conflict':
      text = `Not saved — ${status.message}`;
      tone = 'error';
      break;
    case 'refused':
      text = `Not saved — ${status.message}`;
      tone = 'error';
      break;
    case 'idle':
      break;
  }
  return (
    <p className={`draft-status draft-status--${tone}`} role="status" aria-live="polite">
      {text}
      {status.kind === 'conflict' && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </>
      )}
    </p>
  );
}
