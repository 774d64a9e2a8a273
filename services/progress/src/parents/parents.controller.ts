import {
  certificateQuerySchema,
  type CertificateQuery,
  childDoubtsQuerySchema,
  childIdSchema,
  courseIdSchema,
  emailSettingsSchema,
  redeemLinkCodeRequestSchema,
  type ChildDoubtPage,
  type ChildProgress,
  type EmailSettings,
  type EmailSettingsRequest,
  type LinkCodeAnswer,
  type LinkedPerson,
  type ParentLinksAnswer,
  type WeeklyReportPreview,
  type LiveClassesAttendedAnswer,
} from '@academy/contracts';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { weeklyProgressEmail } from './parent-emails.js';
import { CurrentUser, MEDIA_LINKS, MediaLinks, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { renderCertificatePdf } from '../certificates/certificate-pdf.js';
import { CertificatesService } from '../certificates/certificates.service.js';
import { ParentOnly } from '../users/parent-role.guard.js';
import { LiveAttendanceService } from '../live/live-attendance.service.js';
import { ChildDoubtsService } from './child-doubts.service.js';
import { LinkCodeAttemptLimiter } from './link-code-attempts.limiter.js';
import { OWN_LINK_CODE_MESSAGE, ParentLinksService } from './parent-links.service.js';

/**
 * Parents and children, all under /api/parents/. A child (any signed-in learner) makes link codes and
 * sees or removes their parents; a `parent` account redeems codes and reads its linked children's progress.
 */
@Controller('api/parents')
export class ParentsController {
  constructor(
    private readonly links: ParentLinksService,
    private readonly certificates: CertificatesService,
    private readonly attempts: LinkCodeAttemptLimiter,
    @Inject(MEDIA_LINKS) private readonly mediaLinks: MediaLinks,
    private readonly doubtsOfChildren: ChildDoubtsService,
    private readonly liveAttendance: LiveAttendanceService,
    @Inject(LEARNING_SETTINGS) private readonly learning: LearningSettings,
  ) {}

  /** The child's one-time code (24 hours, single use; a new one replaces the last). */
  @Post('link-codes')
  @HttpCode(201)
  async createCode(@CurrentUser() user: AuthUser): Promise<{ success: true; linkCode: LinkCodeAnswer }> {
    return { success: true, linkCode: await this.links.createCode(user) };
  }

  /** The caller's links, both ways: children (as a parent) and parents (as a child). */
  @Get('links')
  async list(@CurrentUser() user: AuthUser): Promise<{ success: true } & ParentLinksAnswer> {
    return { success: true, ...(await this.links.links(user.id)) };
  }

  @Post('links')
  @ParentOnly()
  @HttpCode(201)
  async redeem(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(redeemLinkCodeRequestSchema)) body: { code: string },
    @Req() request: { ip?: string },
  ): Promise<{ success: true; message: string; child: LinkedPerson }> {
    // Spent before the code is looked at (atomic in Redis), given back when the code was right or the parent's own.
    const attempt = await this.attempts.take(user.id, request.ip ?? 'unknown');
    let child: LinkedPerson;
    try {
      child = await this.links.redeem(user, body.code);
    } catch (error) {
      if (error instanceof BadRequestException && error.message === OWN_LINK_CODE_MESSAGE) await this.attempts.giveBack(attempt);
      throw error;
    }
    await this.attempts.giveBack(attempt);
    return { success: true, message: `${child.name || 'Your child'} is now linked to your account`, child };
  }

  /** Either side removes the link (the other person's id). */
  @Delete('links/:userId')
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('userId', new ZodValidationPipe(childIdSchema)) otherId: string,
  ): Promise<{ success: true; message: string }> {
    await this.links.removeLink(user.id, otherId);
    return { success: true, message: 'Link removed' };
  }

  @Get('children/:childId')
  @ParentOnly()
  @Header('Cache-Control', 'private, no-store')
  async child(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
  ): Promise<{ success: true } & ChildProgress> {
    const progress = await this.links.childProgress(user.id, childId);
    // Notes and tests are signed for the parent; catalogue checks the link's user is linked to a learner enrolled now.
    const sign = (url: string | null) => this.mediaLinks.sign(url, user.id);
    const courses = progress.courses.map((course) => ({
      ...course,
      lectureFiles: course.lectureFiles.map((files) => ({ ...files, notesUrl: sign(files.notesUrl), testUrl: sign(files.testUrl) })),
    }));
    return { success: true, ...progress, courses };
  }

  /** The doubts a linked child asked (lecture, date, answered or not), newest first. */
  @Get('children/:childId/doubts')
  @ParentOnly()
  @Header('Cache-Control', 'private, no-store')
  async childDoubts(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
    @Query(new ZodValidationPipe(childDoubtsQuerySchema)) query: { cursor?: string },
  ): Promise<{ success: true } & ChildDoubtPage> {
    return { success: true, ...(await this.doubtsOfChildren.list(user.id, childId, query.cursor)) };
  }

  /** The live classes a linked child attended, with their minutes, latest first (404 when not linked). */
  @Get('children/:childId/live-attendance')
  @ParentOnly()
  @Header('Cache-Control', 'private, no-store')
  async childLiveAttendance(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
  ): Promise<LiveClassesAttendedAnswer> {
    await this.links.assertLinked(user.id, childId);
    return { success: true, classes: await this.liveAttendance.classesAttendedBy(childId) };
  }

  /** A linked child's certificate as a PDF, in `lang` or else the parent's chosen language (409 until every lecture is complete). */
  @Get('children/:childId/certificates/:courseId')
  @ParentOnly()
  @Header('Cache-Control', 'private, no-store')
  async certificate(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Query(new ZodValidationPipe(certificateQuerySchema)) query: CertificateQuery,
  ): Promise<StreamableFile> {
    await this.links.assertLinked(user.id, childId);
    const certificate = await this.certificates.issueFor(childId, courseId);
    const language = await this.certificates.languageFor(user.id, query.lang);
    const pdf = await renderCertificatePdf(certificate, this.certificates.verifyUrl(certificate.code), { language });
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="certificate-${certificate.code}.pdf"`,
      length: pdf.length,
    });
  }

  /** This week's email as it would go out now (the parent sees what they signed up for). */
  @Get('weekly-report/preview')
  @ParentOnly()
  @Header('Cache-Control', 'private, no-store')
  async weeklyPreview(@CurrentUser() user: AuthUser): Promise<{ success: true; preview: WeeklyReportPreview }> {
    const children = await this.links.childWeeks(user.id);
    const email = weeklyProgressEmail(user.email, user.name, children, this.learning.portalUrl, await this.links.preferredLanguage(user.id));
    return { success: true, preview: { subject: email.subject, text: email.text } };
  }

  @Get('email-settings')
  @ParentOnly()
  async emailSettings(@CurrentUser() user: AuthUser): Promise<{ success: true; settings: EmailSettings }> {
    return { success: true, settings: await this.links.emailSettings(user.id) };
  }

  @Put('email-settings')
  @ParentOnly()
  async saveEmailSettings(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(emailSettingsSchema)) body: EmailSettingsRequest,
  ): Promise<{ success: true; message: string; settings: EmailSettings }> {
    return { success: true, message: 'Email settings saved', settings: await this.links.saveEmailSettings(user, body) };
  }
}
