import {
  EDUCATOR_ROLE,
  LIVE_UNAVAILABLE_MESSAGE,
  publishOfferSchema,
  type PublishOfferRequest,
  rescheduleLiveClassSchema,
  scheduleLiveClassSchema,
  type InternalLiveClassAnswer,
  type LiveClassDto,
  type LiveClassListAnswer,
  type RescheduleLiveClassRequest,
  type ScheduleLiveClassRequest,
} from '@academy/contracts';
import { CurrentUser, Internal, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, Controller, Get, Header, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, ServiceUnavailableException } from '@nestjs/common';
import { liveClassCalendar } from './live-class-calendar.js';
import { LiveClassesService } from './live-classes.service.js';
import { LiveEngine } from './live-engine.js';
import { LiveStudio } from './live-studio.js';


const uuid = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('That is not a live class id') });
const courseIdOf = (courseId: string | undefined): string => {
  if (!courseId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(courseId)) {
    throw new BadRequestException('courseId must be a course id');
  }
  return courseId;
};

/** The course's educator schedules, reschedules, cancels, starts and ends its live classes. */
@Controller('api/educator/live-classes')
@Roles(EDUCATOR_ROLE)
export class EducatorLiveClassesController {
  constructor(
    private readonly classes: LiveClassesService,
    private readonly engine: LiveEngine,
    private readonly studio: LiveStudio,
  ) {}

  @Get()
  async list(@Query('courseId') courseId: string | undefined, @CurrentUser() educator: AuthUser): Promise<LiveClassListAnswer> {
    const liveClasses = await this.classes.listForEducator(educator.id, courseIdOf(courseId));
    return { success: true, liveClasses, liveAvailable: await this.engine.available() };
  }

  @Get(':id')
  async one(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; liveClass: LiveClassDto; liveAvailable: boolean }> {
    const { educatorId: _owner, wentLiveAt: _wentLive, ...liveClass } = await this.classes.ownedRow(educator.id, id);
    return { success: true, liveClass, liveAvailable: await this.engine.available() };
  }

  @Post()
  async schedule(
    @Body(new ZodValidationPipe(scheduleLiveClassSchema)) body: ScheduleLiveClassRequest,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; liveClass: LiveClassDto }> {
    return { success: true, liveClass: await this.classes.schedule(educator.id, body) };
  }

  @Post(':id/reschedule')
  @HttpCode(200)
  async reschedule(
    @Param('id', uuid) id: string,
    @Body(new ZodValidationPipe(rescheduleLiveClassSchema)) body: RescheduleLiveClassRequest,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; liveClass: LiveClassDto }> {
    return { success: true, liveClass: await this.classes.reschedule(educator.id, id, body) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; liveClass: LiveClassDto }> {
    return { success: true, liveClass: await this.classes.cancel(educator.id, id) };
  }

  /** Goes live: only while a live engine node answers (503 saying so otherwise; scheduling is unaffected). */
  @Post(':id/start')
  @HttpCode(200)
  async start(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; liveClass: LiveClassDto }> {
    if (!(await this.engine.available())) throw new ServiceUnavailableException(LIVE_UNAVAILABLE_MESSAGE);
    const liveClass = await this.classes.transition(educator.id, id, 'live');
    // The Janus node it runs on, recorded with the class (one of several in a cluster; `local` on one machine).
    await this.engine.place(id);
    return { success: true, liveClass };
  }

  @Post(':id/end')
  @HttpCode(200)
  async end(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; liveClass: LiveClassDto }> {
    const liveClass = await this.classes.transition(educator.id, id, 'ended');
    await this.studio.end(id);
    return { success: true, liveClass };
  }

  /** The educator's browser (or OBS through the page's WHIP-like call) sends its SDP offer; Janus's answer comes back. */
  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id', uuid) id: string,
    @Body(new ZodValidationPipe(publishOfferSchema)) body: PublishOfferRequest,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; sdp: string }> {
    const liveClass = await this.classes.ownedRow(educator.id, id);
    return { success: true, sdp: await this.studio.publish(liveClass, body.sdp) };
  }
}

/** Enrolled learners, linked parents and the educator: the course's upcoming and live classes, and a calendar file. */
@Controller('api/live-classes')
export class LiveClassesController {
  constructor(
    private readonly classes: LiveClassesService,
    private readonly engine: LiveEngine,
  ) {}

  @Get()
  async list(@Query('courseId') courseId: string | undefined, @CurrentUser() user: AuthUser): Promise<LiveClassListAnswer> {
    const liveClasses = await this.classes.listForViewer(user.id, courseIdOf(courseId));
    return { success: true, liveClasses, liveAvailable: await this.engine.available() };
  }

  /** Live and upcoming classes across every course the caller is enrolled in now (the home page), soonest first. */
  @Get('mine')
  @Header('Cache-Control', 'private, no-store')
  async mine(@CurrentUser() user: AuthUser): Promise<LiveClassListAnswer> {
    return { success: true, liveClasses: await this.classes.listForLearner(user.id), liveAvailable: await this.engine.available() };
  }

  /** An iCalendar file of the class (with an alarm 15 minutes before), for the learner's own calendar. */
  @Get(':id/calendar.ics')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  @Header('Content-Disposition', 'attachment; filename="live-class.ics"')
  async calendar(@Param('id', uuid) id: string, @CurrentUser() user: AuthUser): Promise<string> {
    return liveClassCalendar(await this.classes.viewable(user.id, id));
  }
}

/** For the progress worker: is the class still at the start a reminder was made for. */
@Controller('internal/live-classes')
export class InternalLiveClassesController {
  constructor(private readonly classes: LiveClassesService) {}

  @Internal()
  @Get(':id')
  async find(@Param('id', uuid) id: string): Promise<InternalLiveClassAnswer> {
    const row = await this.classes.findRow(id);
    if (!row) throw new NotFoundException('Live class not found');
    const { educatorId, wentLiveAt, ...liveClass } = row;
    return { success: true, liveClass, educatorId, wentLiveAt };
  }
}
