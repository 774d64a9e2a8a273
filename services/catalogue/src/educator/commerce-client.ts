import type { CourseEarnings, CourseEarningsAnswer } from '@academy/contracts';
import { CORE_CONFIG, InternalClient, loadConfig, type CoreConfig } from '@academy/service-core';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';

/** Catalogue's one setting beyond the core ones for this client: where commerce answers internal calls. */
export const commerceClientConfigShape = { COMMERCE_URL: z.string().url() };

/** Commerce's internal earnings route: My Courses shows the ledger's figures, never a computed guess. */
@Injectable()
export class CommerceClient {
  private readonly client: InternalClient;

  constructor(@Inject(CORE_CONFIG) core: CoreConfig) {
    const { COMMERCE_URL } = loadConfig(commerceClientConfigShape);
    this.client = new InternalClient({ baseUrl: COMMERCE_URL, token: core.INTERNAL_TOKEN });
  }

  async courseEarnings(educatorId: string): Promise<Map<string, CourseEarnings>> {
    const answer = await this.client.get<CourseEarningsAnswer>(`/internal/educators/${encodeURIComponent(educatorId)}/course-earnings`);
    return new Map(answer.courses.map((course) => [course.courseId, course]));
  }
}
