import type { UserCertificatesAnswer } from '@academy/contracts';
import { Internal } from '@academy/service-core';
import { BadRequestException, Controller, Get, Param } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** For commerce: the courses a learner holds a certificate of (a certificate ends the 7-day refund). */
@Controller('internal/users')
export class InternalCertificatesController {
  constructor(private readonly dataSource: DataSource) {}

  @Internal()
  @Get(':userId/certificates')
  async certificates(@Param('userId') userId: string): Promise<UserCertificatesAnswer> {
    if (!userId || userId.length > 200) throw new BadRequestException('userId must be a user id');
    const rows = (await this.dataSource.query('SELECT "course_id" FROM "progress"."certificates" WHERE "user_id" = $1 AND "withdrawn_at" IS NULL ORDER BY "issued_at"', [
      userId,
    ])) as { course_id: string }[];
    return { success: true, courseIds: rows.map((row) => row.course_id) };
  }
}
