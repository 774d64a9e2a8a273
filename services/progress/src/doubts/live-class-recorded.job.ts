import { LIVE_CLASS_RECORDED_EVENT, liveClassRecordedEventSchema } from '@academy/contracts';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { DoubtsRepository } from './doubts.repository.js';

/**
 * `live_class.recorded` (catalogue's outbox): the class's recording became a lecture, so the doubts asked in the class
 * go under it, at the second they were asked (the recording starts when the class went live). Only doubts under no
 * lecture move, so a redelivered event changes nothing.
 */
@Injectable()
@JobHandler(LIVE_CLASS_RECORDED_EVENT)
export class LiveClassRecordedJob implements JobProcessor<unknown, { linkedDoubts: number }> {
  constructor(private readonly doubts: DoubtsRepository) {}

  async handle(job: Job): Promise<{ linkedDoubts: number }> {
    const parsed = liveClassRecordedEventSchema.safeParse({ eventId: job.id, ...(job.data as object) });
    // A malformed payload can never succeed: fail without retries.
    if (!parsed.success) throw new UnrecoverableError(`${job.name} payload rejected: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const linkedDoubts = await this.doubts.moveLiveClassDoubtsToLecture(parsed.data.classId, parsed.data.lectureId);
    return { linkedDoubts };
  }
}
