import type { UserCertificatesAnswer } from '@academy/contracts';
import { Internal } from '@academy/service-core';
import { BadRequestException, Controller, Get, Param } from '@nestjs/common';
import { CertificatesService } from './certificates.service.js';

/** For commerce: the courses a learner holds a certificate of (a certificate ends the 7-day refund). */
@Controller('internal/users')
export class InternalCertificatesController {
  constructor(private readonly issued: CertificatesService) {}

  @Internal()
  @Get(':userId/certificates')
  async certificates(@Param('userId') userId: string): Promise<UserCertificatesAnswer> {
    if (!userId || userId.length > 200) throw new BadRequestException('userId must be a user id');
    return { success: true, courseIds: await this.issued.certifiedCourseIds(userId) };
  }
}
