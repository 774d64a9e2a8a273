import type { CourseEarnings, CourseEarningsAnswer } from '@academy/contracts';
import { CORE_CONFIG, InternalClient } from '@academy/service-core';
import { Inject, Injectable } from '@nestjs/common';
import type { CatalogueConfig } from '../catalogue-config.js';

/** Commerce's internal earnings route: My Courses shows the ledger's figures, never a computed guess. */
@Injectable()
export class CommerceClient {
  private readonly client: InternalClient;

  constructor(@Inject(CORE_CONFIG) config: CatalogueConfig) {
    this.client = new InternalClient({ baseUrl: config.COMMERCE_URL, token: config.INTERNAL_TOKEN });
  }

  async courseEarnings(educatorId: string): Promise<Map<string, CourseEarnings>> {
    const answer = await this.client.get<CourseEarningsAnswer>(`/internal/educators/${encodeURIComponent(educatorId)}/course-earnings`);
    return new Map(answer.courses.map((course) => [course.courseId, course]));
  }
}
