import { DRAFT_CONFLICT_MESSAGE, type CourseDraftContentInput } from '@academy/contracts';
import { ApiError, errorMessage, useApi } from '@academy/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from './draftApi';
import { clearPendingDraft, writePendingDraft } from './draftStorage';

/** Quiet time after the last change before it is sent: well within the 2 seconds a change may wait. */
export const AUTOSAVE_DELAY_MS = 800;
/** Waits between attempts while saving fails (the last one repeats); coming back online retries at once. */
export const AUTOSAVE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'retrying'; reason: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string };

/** A failure worth trying again: no answer at all (offline, timeout), a 5xx, or 429. */
function isTransient(failure: unknown): boolean {
  if (!(failure instanceof ApiError)) return true;
  return failure.status === undefined || failure.status >= 500 || failure.status === 429;
}

/**
 * Saves a draft as it changes: every change is written to this browser at once and sent after a short quiet time,
 * one save at a time, under the version last saved (the server refuses a stale one: another tab saved since). A
 * failed save is retried with growing waits and at once when the browser comes back online; nothing is dropped.
 */
export function useDraftAutosave(courseId: string, initialVersion: number) {
  const api = useApi();
  const [status, setStatus] = useState<AutosaveStatus>({ kind: initialVersion > 0 ? 'saved' : 'idle' });
  const version = useRef(initialVersion);
  const latest = useRef<CourseDraftContentInput | null>(null);
  /** The content of the last successful save (what the server has). */
  const saved = useRef<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempts = useRef(0);
  const stopped = useRef(false);
  const lastFailure = useRef<unknown>(null);

  const isDirty = () => latest.current !== null && JSON.stringify(latest.current) !== saved.current;

  const schedule = useCallback((delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void sendRef.current(), delay);
  }, []);

  const send = async (): Promise<void> => {
    timer.current = null;
    if (inFlight.current || stopped.current) return;
    const content = latest.current;
    if (!content || !isDirty()) return;
    const serialized = JSON.stringify(content);
    setStatus({ kind: 'saving' });
    const attempt = (async () => {
      try {
        const answer = await saveDraft(api, courseId, version.current, content);
        version.current = answer.version;
        saved.current = serialized;
        attempts.current = 0;
        lastFailure.current = null;
        if (isDirty()) {
          writePendingDraft(courseId, { baseVersion: version.current, draft: latest.current! });
          schedule(AUTOSAVE_DELAY_MS);
        } else {
          clearPendingDraft(courseId);
          setStatus({ kind: 'saved' });
        }
      } catch (failure) {
        lastFailure.current = failure;
        if (failure instanceof ApiError && failure.status === 409) {
          stopped.current = true;
          setStatus({ kind: 'conflict', message: DRAFT_CONFLICT_MESSAGE });
        } else if (isTransient(failure)) {
          const delay = AUTOSAVE_RETRY_DELAYS_MS[Math.min(attempts.current, AUTOSAVE_RETRY_DELAYS_MS.length - 1)]!;
          attempts.current += 1;
          setStatus({ kind: 'retrying', reason: errorMessage(failure) });
          schedule(delay);
        } else {
          // The server refused this content (a 400 names the field): kept locally, sent again with the next change.
          setStatus({ kind: 'refused', message: errorMessage(failure) });
        }
      }
    })();
    inFlight.current = attempt;
    await attempt;
    inFlight.current = null;
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  /** A change: kept in this browser now, sent after the quiet time. */
  const change = useCallback(
    (content: CourseDraftContentInput) => {
      if (stopped.current) return;
      latest.current = content;
      if (!isDirty()) return;
      writePendingDraft(courseId, { baseVersion: version.current, draft: content });
      setStatus((current) => (current.kind === 'retrying' ? current : { kind: 'saving' }));
      if (!inFlight.current) schedule(AUTOSAVE_DELAY_MS);
    },
    [courseId, schedule],
  );

  /** Marks content as what the server already has (a draft just loaded). */
  const markSaved = useCallback((content: unknown) => {
    saved.current = JSON.stringify(content);
  }, []);

  /** Sends what is waiting now; resolves once the server has it, rejects with the failure of that save. */
  const flush = useCallback(async (): Promise<void> => {
    for (;;) {
      if (stopped.current) throw new ApiError(DRAFT_CONFLICT_MESSAGE, 409);
      if (inFlight.current) {
        await inFlight.current;
        continue;
      }
      if (latest.current === null || (!isDirty() && version.current > 0)) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      await sendRef.current();
      if (lastFailure.current) throw lastFailure.current;
    }
  }, []);

  useEffect(() => {
    const online = () => {
      if (isDirty() && !inFlight.current) schedule(0);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [schedule]);

  return { status, change, flush, markSaved, version: () => version.current };
}
