import type { CourseDraftContentInput } from '@academy/contracts';

// Changes not yet saved are kept in this browser too (localStorage, per draft), so a reload, a closed tab or a lost
// connection loses nothing: the page sends them when it opens again or when the connection returns.

const PREFIX = 'academy.course-draft.';

export interface PendingDraft {
  /** The server version these changes were made on (0: the draft was never saved). */
  baseVersion: number;
  draft: CourseDraftContentInput;
  thumbnailUrl?: string | null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or blocked storage: the page still saves to the server
  }
}

export function readPendingDraft(courseId: string): PendingDraft | null {
  const raw = storage()?.getItem(PREFIX + courseId);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as PendingDraft;
    return typeof parsed.baseVersion === 'number' && parsed.draft ? parsed : null;
  } catch {
    return null;
  }
}

export function writePendingDraft(courseId: string, pending: PendingDraft): void {
  try {
    storage()?.setItem(PREFIX + courseId, JSON.stringify(pending));
  } catch {
    // storage full: the server copy is the only one
  }
}

export function clearPendingDraft(courseId: string): void {
  storage()?.removeItem(PREFIX + courseId);
}

/** A draft started in this browser whose first save never reached the server (Add Course resumes it). */
export function unsavedNewDraftId(): string | null {
  const store = storage();
  if (!store) return null;
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX) && readPendingDraft(key.slice(PREFIX.length))?.baseVersion === 0) return key.slice(PREFIX.length);
  }
  return null;
}
