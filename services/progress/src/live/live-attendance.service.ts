import { INTERNAL_LIVE_CLASS_PATH, LIVE_ATTENDED_MAX, type InternalLiveClassAnswer, type LiveClassAttended } from '@academy/contracts';
import { CORE_CONFIG, InternalClient, type CoreConfig } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { LiveChatRepository } from './live-chat.repository.js';

/** Minutes with one decimal, as the educator's list shows them. */
export const attendedMinutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** What a learner (or their linked parent) sees of the learner's live-class attendance. */
@Injectable()
export class LiveAttendanceService {
  private readonly catalogue: InternalClient;
  private readonly logger = new Logger(LiveAttendanceService.name);

  constructor(
    private readonly chat: LiveChatRepository,
    @Inject(CORE_CONFIG) config: CoreConfig & { CATALOGUE_URL: string },
  ) {
    this.catalogue = new InternalClient({ baseUrl: config.CATALOGUE_URL, token: config.INTERNAL_TOKEN });
  }

  /**
   * The classes the user attended, latest first, each with its title and course from catalogue (asked in parallel,
   * at most LIVE_ATTENDED_MAX). A class catalogue cannot name still shows its minutes.
   */
  async classesAttendedBy(userId: string): Promise<LiveClassAttended[]> {
    const rows = await this.chat.attendedBy(userId, LIVE_ATTENDED_MAX);
    return Promise.all(
      rows.map(async (row) => {
        const found = await this.catalogue.get<InternalLiveClassAnswer>(INTERNAL_LIVE_CLASS_PATH(row.classId)).catch((error: unknown) => {
          this.logger.warn(`catalogue did not name class ${row.classId}: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        });
        return {
          classId: row.classId,
          title: found?.liveClass.title ?? null,
          courseId: found?.liveClass.courseId ?? null,
          courseTitle: found?.liveClass.courseTitle ?? null,
          startsAt: found?.liveClass.startsAt ?? null,
          minutes: attendedMinutes(row.seconds),
          firstJoinedAt: new Date(row.firstJoinedAt).toISOString(),
        };
      }),
    );
  }
}
