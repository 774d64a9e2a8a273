import type { LiveDoubt } from '@academy/contracts';
import { OutboxWriter } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { insertDoubt } from '../doubts/doubt-insert.js';
import { DoubtsRepository } from '../doubts/doubts.repository.js';
import { LiveDoubtsRepository } from './live-doubts.repository.js';

/**
 * Doubts asked during a live class. They are the course's doubts (the inbox, the search, the `doubt.asked`
 * notification) with the class and the second of the class; the lecture comes when the recording becomes one
 * (`LiveClassRecordedJob` on catalogue's `live_class.recorded`).
 */
@Injectable()
export class LiveDoubtsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly doubts: DoubtsRepository,
    private readonly liveDoubts: LiveDoubtsRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Only learners enrolled now ask (a linked parent may watch, not ask). */
  isEnrolled(userId: string, courseId: string): Promise<boolean> {
    return this.liveDoubts.isEnrolled(userId, courseId);
  }

  /** The doubt this client already sent (a resend after a reconnect), if any. */
  byClientId(classId: string, userId: string, clientId: string): Promise<LiveDoubt | null> {
    return this.liveDoubts.byClientId(classId, userId, clientId);
  }

  /** Stores the doubt once per client id; `created` is false when it was already stored (nothing is sent twice). */
  async ask(doubt: {
    classId: string; courseId: string; courseTitle: string; educatorId: string; userId: string; userName: string; clientId: string; atSecond: number; text: string;
  }): Promise<{ doubt: LiveDoubt; created: boolean }> {
    const id = await this.dataSource.transaction((manager) =>
      insertDoubt(manager, this.doubts, this.outbox, {
        courseId: doubt.courseId, courseTitle: doubt.courseTitle, educatorId: doubt.educatorId, lectureId: null, liveClassId: doubt.classId,
        clientId: doubt.clientId, userId: doubt.userId, authorName: doubt.userName, atSecond: doubt.atSecond, text: doubt.text,
      }),
    );
    return { doubt: (await this.liveDoubts.byClientId(doubt.classId, doubt.userId, doubt.clientId))!, created: id !== null };
  }

  /** The class's doubts, oldest first: every one (`userId` null, the educator) or one learner's. Hidden ones left out. */
  list(classId: string, userId: string | null): Promise<LiveDoubt[]> {
    return this.liveDoubts.list(classId, userId);
  }
}
