import type { RazorpaySandboxOptions } from '../config.js';
import type { RazorpayRefund } from './entities.js';
import type { PaymentStore } from './payment-store.js';

/**
 * Settles pending refunds by itself `refundSettleMs` after they were made, as Razorpay's test mode does, through the
 * same call as the test-only route (`PaymentLedger.processRefund`, which settles a refund once: whichever comes
 * second finds it processed and sends nothing). Nothing lives only in a timer: when each refund was made is in the
 * store's file, so `start()` after a restart settles the overdue ones at once and waits for the others.
 */
export class RefundSettler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly options: RazorpaySandboxOptions,
    private readonly store: PaymentStore,
    private readonly settle: (refundId: string) => Promise<unknown>,
    private readonly reportError: (refundId: string, error: unknown) => void = (refundId, error) =>
      console.error(`sandbox: refund ${refundId} could not be settled: ${(error as Error).message}`),
  ) {}

  /** Schedules every pending refund kept in the store (the sandbox just started). */
  start(): void {
    for (const refund of this.store.allRefunds()) this.schedule(refund);
  }

  /** Settles `refund` when it is due (at once if overdue); nothing when settlement is off or it is not pending. */
  schedule(refund: RazorpayRefund): void {
    const delay = this.options.refundSettleMs;
    if (delay === null || this.closed || refund.status !== 'pending' || this.timers.has(refund.id)) return;
    const wait = Math.max(0, this.store.refundMadeAtMs(refund) + delay - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(refund.id);
      if (this.closed) return;
      const work = this.settle(refund.id).catch((error: unknown) => this.reportError(refund.id, error));
      this.inFlight.add(work);
      void work.finally(() => this.inFlight.delete(work));
    }, wait);
    // A settlement waiting must not keep a test run alive; the sandbox's server keeps `npm start` running.
    timer.unref();
    this.timers.set(refund.id, timer);
  }

  /** Refunds waiting for their time (tests). */
  waitingCount(): number {
    return this.timers.size;
  }

  /** Waits for the settlements under way (not for those still waiting their time). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Cancels the settlements still waiting; a restart schedules them again from the store. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
