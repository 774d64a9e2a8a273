import { LIVE_CLASS_RECORDED_EVENT, PROGRESS_EVENTS_QUEUE } from '@academy/contracts';
import type { OutboxModuleOptions } from '@academy/service-core';

/**
 * The catalogue schema's outbox (migration 1790900000001) and where its topics go. The video worker writes with
 * `OutboxModule.forRoot(catalogueOutbox)`; the catalogue worker runs the one relay with `OutboxModule.forRelay`.
 */
export const catalogueOutbox: OutboxModuleOptions = {
  schema: 'catalogue',
  routes: {
    // A live class's recording became a lecture: progress moves the class's doubts under it.
    [LIVE_CLASS_RECORDED_EVENT]: PROGRESS_EVENTS_QUEUE,
  },
};
