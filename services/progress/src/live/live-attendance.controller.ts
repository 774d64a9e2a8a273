import { INTERNAL_LIVE_CLASS_PATH, type InternalLiveClassAnswer, type LiveClassesAttendedAnswer } from '@academy/contracts';
import { CORE_CONFIG, CurrentUser, InternalCallError, InternalClient, type AuthUser, type CoreConfig } from '@academy/service-core';
import { BadRequestException, Controller, Logger, Get, Header, Inject, NotFoundException, Param, ParseUUIDPipe, Res, ServiceUnavailableException } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { attendedMinutes as minutes, LiveAttendanceService } from './live-attendance.service.js';
import { LiveChatRepository } from './live-chat.repository.js';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('That is not a live class id') });
const istDateTime = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });

export interface LiveAttendanceRow {
  userId: string;
  userName: string;
  minutes: number;
  seconds: number;
  firstJoinedAt: string;
  lastSeenAt: string;
}

/** A live class's attendance, counted by the gateway from joins, heartbeats and leaves: the educator's list and CSV, a learner's own. */
@Controller('api/live-attendance')
export class LiveAttendanceController {
  private readonly catalogue: InternalClient;
  private readonly logger = new Logger(LiveAttendanceController.name);

  constructor(
    private readonly chat: LiveChatRepository,
    private readonly attended: LiveAttendanceService,
    @Inject(CORE_CONFIG) config: CoreConfig & { CATALOGUE_URL: string },
  ) {
    this.catalogue = new InternalClient({ baseUrl: config.CATALOGUE_URL, token: config.INTERNAL_TOKEN });
  }

  /** The caller's own classes with their minutes, latest first (declared before `:classId`, which it would match). */
  @Get('mine')
  @Header('Cache-Control', 'private, no-store')
  async mineAll(@CurrentUser() user: AuthUser): Promise<LiveClassesAttendedAnswer> {
    return { success: true, classes: await this.attended.classesAttendedBy(user.id) };
  }

  @Get(':classId')
  async list(@Param('classId', uuid) classId: string, @CurrentUser() user: AuthUser): Promise<{ success: true; attendance: LiveAttendanceRow[] }> {
    await this.assertEducator(classId, user.id);
    return { success: true, attendance: await this.rows(classId) };
  }

  @Get(':classId/csv')
  async csv(@Param('classId', uuid) classId: string, @CurrentUser() user: AuthUser, @Res() response: Response): Promise<void> {
    await this.assertEducator(classId, user.id);
    const rows = await this.rows(classId);
    const body = stringify([
      ['Learner', 'Minutes attended', 'First joined (IST)', 'Last seen (IST)'],
      ...rows.map((row) => [row.userName, row.minutes, istDateTime.format(new Date(row.firstJoinedAt)), istDateTime.format(new Date(row.lastSeenAt))]),
    ]);
    response.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="attendance.csv"', 'Cache-Control': 'private, no-store' }).send(body);
  }

  /** The learner's own minutes (0 when they never joined). */
  @Get(':classId/mine')
  async mine(@Param('classId', uuid) classId: string, @CurrentUser() user: AuthUser): Promise<{ success: true; minutes: number }> {
    const [row] = await this.chat.attendance(classId, user.id);
    return { success: true, minutes: minutes(row?.seconds ?? 0) };
  }

  private async rows(classId: string): Promise<LiveAttendanceRow[]> {
    return (await this.chat.attendance(classId)).map((row) => ({
      userId: row.userId,
      userName: row.userName,
      minutes: minutes(row.seconds),
      seconds: row.seconds,
      firstJoinedAt: new Date(row.firstJoinedAt).toISOString(),
      lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    }));
  }

  private async assertEducator(classId: string, userId: string): Promise<void> {
    let answer: InternalLiveClassAnswer;
    try {
      answer = await this.catalogue.get<InternalLiveClassAnswer>(INTERNAL_LIVE_CLASS_PATH(classId));
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) throw new NotFoundException('Live class not found');
      this.logger.warn(`catalogue did not answer for class ${classId}: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException('Attendance cannot be read right now, please try again');
    }
    if (answer.educatorId !== userId) throw new NotFoundException('Live class not found');
  }
}
