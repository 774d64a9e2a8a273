import type { CourseDraftContentInput } from '@academy/contracts';

// Unsaved edits of a published course are kept in this tab (sessionStorage, per course) while they differ from the
// server's copy: an expired sign-in at "Save changes", a reload or the Back button then loses nothing, and the edit
// page offers them again when it opens. Cleared when they are saved or discarded.

const PREFIX = 'academy.course-edit.';

export interface UnsavedEdits {
  content: CourseDraftContentInput;
  /** When they were last changed (ISO), shown with the notice. */
  changedAt: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readUnsavedEdits(courseId: string): UnsavedEdits | null {
  const raw = storage()?.getItem(PREFIX + courseId);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as UnsavedEdits;
    return parsed.content && typeof parsed.changedAt === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeUnsavedEdits(courseId: string, content: CourseDraftContentInput): void {
  try {
    storage()?.setItem(PREFIX + courseId, JSON.stringify({ content, changedAt: new Date().toISOString() } satisfies UnsavedEdits));
  } catch {
    // storage full or blocked: the edits live in the page only
  }
}

export function clearUnsavedEdits(courseId: string): void {
  storage()?.removeItem(PREFIX + courseId);
}
