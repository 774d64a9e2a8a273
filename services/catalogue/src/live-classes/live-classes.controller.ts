import {
  EDUCATOR_ROLE,
  LIVE_UNAVAILABLE_MESSAGE,
  publishOfferSchema,
  type PublishOfferRequest,
  rescheduleLiveClassSchema,
  scheduleLiveClassSchema,
  stageInviteSchema,
  type InternalLiveClassAnswer,
  type LiveFeedName,
  type LiveStageAnswer,
  type LiveStreamKeyAnswer,
  type LiveSubscribeAnswer,
  LIVE_WHIP_PATH,
  type StageInviteRequest,
  type LiveClassDto,
  type LiveClassListAnswer,
  type RescheduleLiveClassRequest,
  type ScheduleLiveClassRequest,
} from '@academy/contracts';
import { CurrentUser, Internal, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, ConflictException, Controller, Delete, ForbiddenException, Get, Header, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, ServiceUnavailableException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
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
    await this.classes.setStage(id, null);
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
    return { success: true, sdp: (await this.studio.publish(liveClass, body.sdp)).sdp };
  }

  /**
   * Invites a learner of the class on stage (one at a time: 409 while another is there; inviting the same one again
   * is fine). The page then tells the class through the gateway's `stage` event.
   */
  @Post(':id/stage')
  @HttpCode(200)
  async invite(
    @Param('id', uuid) id: string,
    @Body(new ZodValidationPipe(stageInviteSchema)) body: StageInviteRequest,
    @CurrentUser() educator: AuthUser,
  ): Promise<LiveStageAnswer> {
    const liveClass = await this.classes.ownedRow(educator.id, id);
    if (liveClass.status !== 'live') throw new ConflictException('Start the class before inviting anyone on stage');
    if (body.userId === educator.id) throw new BadRequestException('Invite a learner of the class');
    await this.classes.viewable(body.userId, id).catch(() => {
      throw new BadRequestException('That learner is not in this class');
    });
    if (!(await this.classes.setStage(id, body.userId))) throw new ConflictException('Someone is already on stage: remove them first');
    return { success: true, stageUserId: body.userId, you: false, publishing: this.studio.publishing(id, 'stage') };
  }

  /** Takes whoever is on stage off it (their publish ends at once). */
  @Delete(':id/stage')
  async removeStage(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<LiveStageAnswer> {
    await this.classes.ownedRow(educator.id, id);
    await this.classes.setStage(id, null);
    await this.studio.unpublish(id, 'stage');
    return { success: true, stageUserId: null, you: false, publishing: false };
  }

  /** The class's OBS settings (the key is made on first ask). */
  @Get(':id/stream-key')
  @Header('Cache-Control', 'private, no-store')
  async streamKey(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<LiveStreamKeyAnswer> {
    await this.classes.ownedRow(educator.id, id);
    return { success: true, whipPath: LIVE_WHIP_PATH(id), streamKey: await this.classes.streamKey(id, newStreamKey(), false) };
  }

  /** A new stream key: the old one stops working at once (a publish already on air goes on). */
  @Post(':id/stream-key')
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  async renewStreamKey(@Param('id', uuid) id: string, @CurrentUser() educator: AuthUser): Promise<LiveStreamKeyAnswer> {
    await this.classes.ownedRow(educator.id, id);
    return { success: true, whipPath: LIVE_WHIP_PATH(id), streamKey: await this.classes.streamKey(id, newStreamKey(), true) };
  }
}

const newStreamKey = () => randomBytes(24).toString('base64url');
const feedOf = (feed: string): LiveFeedName => {
  if (feed !== 'educator' && feed !== 'stage') throw new BadRequestException('feed must be educator or stage');
  return feed;
};

/** Enrolled learners, linked parents and the educator: the course's upcoming and live classes, and a calendar file. */
@Controller('api/live-classes')
export class LiveClassesController {
  constructor(
    private readonly classes: LiveClassesService,
    private readonly engine: LiveEngine,
    private readonly studio: LiveStudio,
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

  /** Who is on stage (anyone who may watch the class). */
  @Get(':id/stage')
  async stage(@Param('id', uuid) id: string, @CurrentUser() user: AuthUser): Promise<LiveStageAnswer> {
    await this.classes.viewable(user.id, id);
    const stageUserId = await this.classes.stageUser(id);
    return { success: true, stageUserId, you: stageUserId === user.id, publishing: !!stageUserId && this.studio.publishing(id, 'stage') };
  }

  /** The learner on stage sends their camera and microphone (403 for anyone the educator has not invited). */
  @Post(':id/stage/publish')
  @HttpCode(200)
  async publishStage(
    @Param('id', uuid) id: string,
    @Body(new ZodValidationPipe(publishOfferSchema)) body: PublishOfferRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<{ success: true; sdp: string }> {
    const liveClass = await this.stageRow(user.id, id);
    return { success: true, ...(await this.studio.publishStage(liveClass, user.id, body.sdp)) };
  }

  /** The learner on stage leaves it. */
  @Delete(':id/stage')
  async leaveStage(@Param('id', uuid) id: string, @CurrentUser() user: AuthUser): Promise<LiveStageAnswer> {
    await this.classes.viewable(user.id, id);
    if (await this.classes.setStage(id, null, user.id)) await this.studio.unpublish(id, 'stage');
    const stageUserId = await this.classes.stageUser(id);
    return { success: true, stageUserId, you: false, publishing: !!stageUserId && this.studio.publishing(id, 'stage') };
  }

  /**
   * Watching a speaker over WebRTC: the educator watches the learner on stage, the learner on stage watches the
   * educator (everyone else watches the HLS). Janus's offer comes back; the answer goes to `…/answer`.
   */
  @Post(':id/feeds/:feed/subscribe')
  @HttpCode(200)
  async subscribe(@Param('id', uuid) id: string, @Param('feed') feed: string, @CurrentUser() user: AuthUser): Promise<LiveSubscribeAnswer> {
    const name = feedOf(feed);
    const liveClass = name === 'stage' ? await this.classes.ownedRow(user.id, id) : await this.stageRow(user.id, id);
    if (liveClass.status !== 'live') throw new ConflictException('The class is not live');
    return { success: true, ...(await this.studio.subscribe(id, user.id, name)) };
  }

  @Post(':id/feeds/subscriptions/:subscriptionId/answer')
  @HttpCode(200)
  async answer(
    @Param('id', uuid) id: string,
    @Param('subscriptionId') subscriptionId: string,
    @Body(new ZodValidationPipe(publishOfferSchema)) body: PublishOfferRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<{ success: true }> {
    await this.studio.answerSubscription(id, user.id, subscriptionId, body.sdp);
    return { success: true };
  }

  @Delete(':id/feeds/subscriptions/:subscriptionId')
  async unsubscribe(@Param('id', uuid) id: string, @Param('subscriptionId') subscriptionId: string, @CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.studio.closeSubscription(id, user.id, subscriptionId);
    return { success: true };
  }

  /** The live class when the caller is the learner invited on its stage (403 otherwise, 409 when it is not live). */
  private async stageRow(userId: string, id: string) {
    await this.classes.viewable(userId, id);
    const liveClass = (await this.classes.findRow(id))!;
    if ((await this.classes.stageUser(id)) !== userId) throw new ForbiddenException('Only the learner the teacher invited on stage can do this');
    if (liveClass.status !== 'live') throw new ConflictException('The class is not live');
    return liveClass;
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
