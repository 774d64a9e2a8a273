// The outbox's IndexedDB database, named here so that the main bundle can ask whether it exists without loading
// the outbox's code (outbox.ts, with idb), which opening the database would need.

export const OUTBOX_DATABASE = 'academy-outbox';

/**
 * Whether this browser may hold queued writes: false when it has no IndexedDB, or lists its databases and the outbox
 * is not among them. Most learners never write offline, and opening the database to find it empty would create it,
 * and load the outbox's code, on every signed-in page (a long task on a phone). A browser that cannot list its
 * databases is asked the usual way.
 */
export async function outboxMayHoldWrites(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === OUTBOX_DATABASE);
  } catch {
    return true;
  }
}
