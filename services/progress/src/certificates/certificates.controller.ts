import { certificateCodeSchema, certificateQuerySchema, courseIdSchema, type CertificateQuery, type CertificateRecord } from '@academy/contracts';
import { CurrentUser, Public, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { renderCertificatePdf } from './certificate-pdf.js';
import { CertificatesService } from './certificates.service.js';

/** Certificates of completion (public paths under /api/certificates/, which the edge sends to progress). */
@Controller('api/certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  /**
   * The caller's certificate as a PDF download, in `lang` (en or hi) or else their chosen language; 403 when not
   * enrolled, 409 until every lecture is complete.
   */
  @Get('course/:courseId')
  @Header('Cache-Control', 'private, no-store')
  async download(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Query(new ZodValidationPipe(certificateQuerySchema)) query: CertificateQuery,
  ): Promise<StreamableFile> {
    const certificate = await this.certificates.issue(user, courseId);
    const language = await this.certificates.languageFor(user.id, query.lang);
    const pdf = await renderCertificatePdf(certificate, this.certificates.verifyUrl(certificate.code), { language });
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="certificate-${certificate.code}.pdf"`,
      length: pdf.length,
    });
  }

  /** Anyone can check a code: who earned it, for which course, when. */
  @Public()
  @Get('verify/:code')
  async verify(
    @Param('code', new ZodValidationPipe(certificateCodeSchema)) code: string,
  ): Promise<{ success: true; certificate: CertificateRecord }> {
    return { success: true, certificate: await this.certificates.verify(code) };
  }
}
