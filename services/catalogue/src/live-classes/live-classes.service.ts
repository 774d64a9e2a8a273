import {
  LIVE_CLASS_MAX_DAYS_AHEAD,
  type LiveClassDto,
  type LiveClassStatus,
  type RescheduleLiveClassRequest,
  type ScheduleLiveClassRequest,
} from '@academy/contracts';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CourseAccessRepository } from '../access/course-access.repository.js';
import { LiveClassReminders, type NoticeSubject } from './live-class-reminders.js';
import { LiveClassesRepository, type LiveClassRow } from './live-classes.repository.js';

export const LIVE_CLASS_NOT_FOUND_MESSAGE = 'Live class not found';
export const NOT_ENROLLED_IN_CLASS_MESSAGE = 'Enrol in the course to join its live classes';
export const START_IN_PAST_MESSAGE = 'Choose a start time in the future';
export const START_TOO_FAR_MESSAGE = `A class can be scheduled at most ${LIVE_CLASS_MAX_DAYS_AHEAD} days ahead`;
const ENTITLEMENT_UNAVAILABLE_MESSAGE = 'Live classes cannot be shown right now (enrolments are unreachable), please try again';

const toDto = ({ educatorId: _educator, wentLiveAt: _wentLive, ...dto }: LiveClassRow): LiveClassDto => dto;
const subjectOf = (row: LiveClassRow): NoticeSubject => ({ classId: row.id, courseId: row.courseId, courseTitle: row.courseTitle, title: row.title, startsAt: row.startsAt });

/** Scheduling, rescheduling, cancelling, starting and ending live classes, and who may see them. */
@Injectable()
export class LiveClassesService {
  private readonly logger = new Logger(LiveClassesService.name);

  constructor(
    private readonly classes: LiveClassesRepository,
    private readonly reminders: LiveClassReminders,
    private readonly access: CourseAccessRepository,
  ) {}

  async schedule(educatorId: string, request: ScheduleLiveClassRequest): Promise<LiveClassDto> {
    const course = await this.classes.courseOwnerAndChapter(request.courseId, request.chapterId);
    if (!course || course.educatorId !== educatorId) throw new NotFoundException('Course not found');
    if (!course.chapterInCourse) throw new BadRequestException('chapterId is not a chapter of this course');
    const startsAt = this.checkedStart(request.startsAt);
    const id = randomUUID();
    // Reminders first: if the queue is down nothing is saved; if saving fails, the worker finds no class and tells no one.
    const courseTitle = await this.classes.courseTitle(request.courseId);
    await this.reminders.schedule({ classId: id, courseId: request.courseId, courseTitle, title: request.title, startsAt });
    return toDto(await this.classes.insert({ ...request, id, educatorId, startsAt }));
  }

  async reschedule(educatorId: string, id: string, request: RescheduleLiveClassRequest): Promise<LiveClassDto> {
    const before = await this.owned(educatorId, id);
    if (before.status !== 'scheduled') throw new ConflictException(`Only a scheduled class can be changed (this one is ${before.status})`);
    const startsAt = request.startsAt === undefined ? before.startsAt : this.checkedStart(request.startsAt);
    const title = request.title ?? before.title;
    await this.reminders.schedule({ ...subjectOf(before), title, startsAt });
    const after = await this.classes.update(id, ['scheduled'], { title, startsAt, durationMinutes: request.durationMinutes });
    if (!after) throw new ConflictException('This class was changed meanwhile: reload it');
    if (after.startsAt !== before.startsAt) await this.reminders.unschedule(subjectOf(before));
    return toDto(after);
  }

  async cancel(educatorId: string, id: string): Promise<LiveClassDto> {
    const before = await this.owned(educatorId, id);
    const after = await this.classes.update(id, ['scheduled'], { status: 'cancelled' });
    if (!after) throw new ConflictException(`Only a scheduled class can be cancelled (this one is ${before.status})`);
    await this.reminders.unschedule(subjectOf(before));
    await this.reminders.cancelled(subjectOf(before)).catch((error: unknown) => {
      // The cancellation stands; the notice is what is lost, and the educator is told so.
      this.logger.error(`class ${id} cancelled without its notice: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    });
    return toDto(after);
  }

  /** Start (scheduled → live) or end (live → ended) the class. */
  async transition(educatorId: string, id: string, to: Extract<LiveClassStatus, 'live' | 'ended'>): Promise<LiveClassDto> {
    const before = await this.owned(educatorId, id);
    const from: LiveClassStatus[] = to === 'live' ? ['scheduled'] : ['live'];
    const after = await this.classes.update(id, from, { status: to });
    if (!after) throw new ConflictException(`This class is ${before.status}: it cannot ${to === 'live' ? 'go live' : 'end'} now`);
    if (to === 'live') await this.reminders.unschedule(subjectOf(before));
    return toDto(after);
  }

  async listForEducator(educatorId: string, courseId: string): Promise<LiveClassDto[]> {
    if ((await this.classes.courseEducator(courseId)) !== educatorId) throw new NotFoundException('Course not found');
    return (await this.classes.listForCourse(courseId, { includePast: true })).map(toDto);
  }

  /** The course's upcoming and live classes, for its educator, an enrolled learner or a linked parent. */
  async listForViewer(userId: string, courseId: string): Promise<LiveClassDto[]> {
    const educatorId = await this.classes.courseEducator(courseId);
    if (!educatorId) throw new NotFoundException('Course not found');
    await this.assertEntitled(userId, courseId, educatorId);
    return (await this.classes.listForCourse(courseId, { includePast: false })).map(toDto);
  }

  /** Upcoming and live classes of the courses the user is enrolled in now (the course access projection says which). */
  async listForLearner(userId: string): Promise<LiveClassDto[]> {
    let courseIds: string[];
    try {
      courseIds = await this.access.enrolledCourseIds(userId);
    } catch (error) {
      this.logger.warn(`enrolled courses unknown: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(ENTITLEMENT_UNAVAILABLE_MESSAGE);
    }
    return (await this.classes.listForCourses(courseIds)).map(toDto);
  }

  async viewable(userId: string, id: string): Promise<LiveClassDto> {
    const row = await this.classes.find(id);
    if (!row) throw new NotFoundException(LIVE_CLASS_NOT_FOUND_MESSAGE);
    await this.assertEntitled(userId, row.courseId, row.educatorId);
    return toDto(row);
  }

  findRow(id: string): Promise<LiveClassRow | null> {
    return this.classes.find(id);
  }

  async find(id: string): Promise<LiveClassDto | null> {
    const row = await this.classes.find(id);
    return row ? toDto(row) : null;
  }

  private async assertEntitled(userId: string, courseId: string, educatorId: string): Promise<void> {
    if (userId === educatorId) return;
    let entitled: boolean;
    try {
      entitled = await this.access.isEnrolledOrParentOfEnrolled(userId, courseId);
    } catch (error) {
      this.logger.warn(`enrolment check failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(ENTITLEMENT_UNAVAILABLE_MESSAGE);
    }
    if (!entitled) throw new ForbiddenException(NOT_ENROLLED_IN_CLASS_MESSAGE);
  }

  stageUser(id: string): Promise<string | null> {
    return this.classes.stageUser(id);
  }

  setStage(id: string, userId: string | null, onlyIf?: string): Promise<boolean> {
    return this.classes.setStage(id, userId, onlyIf);
  }

  streamKeyOf(id: string): Promise<string | null> {
    return this.classes.streamKeyOf(id);
  }

  streamKey(id: string, fresh: string, renew: boolean): Promise<string> {
    return this.classes.streamKey(id, fresh, renew);
  }

  /** The educator's own class with its owner (for the studio). */
  ownedRow(educatorId: string, id: string): Promise<LiveClassRow> {
    return this.owned(educatorId, id);
  }

  private async owned(educatorId: string, id: string): Promise<LiveClassRow> {
    const row = await this.classes.find(id);
    if (!row || row.educatorId !== educatorId) throw new NotFoundException(LIVE_CLASS_NOT_FOUND_MESSAGE);
    return row;
  }

  private checkedStart(startsAt: string, now = Date.now()): string {
    const start = Date.parse(startsAt);
    if (start <= now) throw new BadRequestException(START_IN_PAST_MESSAGE);
    if (start > now + LIVE_CLASS_MAX_DAYS_AHEAD * 24 * 3600 * 1000) throw new BadRequestException(START_TOO_FAR_MESSAGE);
    return new Date(start).toISOString();
  }
}
