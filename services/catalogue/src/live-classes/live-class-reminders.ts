import { LIVE_CLASS_NOTICE_JOB, LIVE_CLASS_NOTICE_QUEUE, LIVE_CLASS_REMINDERS, liveClassNoticeJobId, type LiveClassNotice } from '@academy/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { Queue } from 'bullmq';

/** What a class's notices are made from. */
export type NoticeSubject = Pick<LiveClassNotice, 'classId' | 'courseId' | 'courseTitle' | 'title' | 'startsAt'>;

export const REMINDERS_UNAVAILABLE_MESSAGE = 'Reminders cannot be scheduled right now (the job queue is unreachable); nothing was changed, please try again';

// Finished notice jobs are kept a month: adding the same id again (a retried request) then adds nothing.
const KEEP_FINISHED = { age: 30 * 24 * 3600 };

/**
 * The reminders of a class as delayed jobs of the progress queue (its worker tells the enrolled learners), 24 h and
 * 15 min before the start. A job's id names the class, kind and start: scheduling twice keeps one job, and a
 * reschedule adds the new start's jobs and removes the old ones. The worker also checks the class is still at that
 * start, so a job whose removal failed tells nobody.
 */
@Injectable()
export class LiveClassReminders {
  private readonly logger = new Logger(LiveClassReminders.name);

  constructor(@InjectQueue(LIVE_CLASS_NOTICE_QUEUE) private readonly queue: Queue<LiveClassNotice>) {}

  /** Adds the reminders still ahead of now; 503 when the queue cannot take them. */
  async schedule(subject: NoticeSubject, now = Date.now()): Promise<void> {
    const start = Date.parse(subject.startsAt);
    const due = LIVE_CLASS_REMINDERS.filter((reminder) => start - reminder.beforeMs > now);
    await this.add(due.map((reminder) => ({ notice: { ...subject, kind: reminder.kind }, delay: start - reminder.beforeMs - now })));
  }

  /** Removes the reminders of the class at this start that have not run yet. */
  async unschedule(subject: NoticeSubject): Promise<void> {
    for (const reminder of LIVE_CLASS_REMINDERS) {
      const jobId = liveClassNoticeJobId({ ...subject, kind: reminder.kind });
      try {
        const job = await this.queue.getJob(jobId);
        if (job && (await job.isDelayed())) await job.remove();
      } catch (error) {
        // Harmless: the worker finds the class no longer at this start and tells nobody.
        this.logger.warn(`could not remove ${jobId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** The cancellation notice, at once (once per class: a class is cancelled only once). */
  async cancelled(subject: NoticeSubject): Promise<void> {
    await this.add([{ notice: { ...subject, kind: 'cancelled' }, delay: 0 }]);
  }

  private async add(jobs: Array<{ notice: LiveClassNotice; delay: number }>): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.queue.addBulk(
        jobs.map(({ notice, delay }) => ({
          name: LIVE_CLASS_NOTICE_JOB,
          data: notice,
          opts: { jobId: liveClassNoticeJobId(notice), delay, removeOnComplete: KEEP_FINISHED },
        })),
      );
    } catch (error) {
      this.logger.error(`live class notices not queued: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(REMINDERS_UNAVAILABLE_MESSAGE);
    }
  }
}
