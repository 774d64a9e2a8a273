import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { userRoleOf, type UserData } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { DataSource, Repository } from 'typeorm';
import { Enrolment } from './enrolment.entity.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Enrolment) private readonly enrolments: Repository<Enrolment>,
  ) {}

  /**
   * Creates the user on first sight, or refreshes the profile from the token. One statement, so two first
   * requests racing each other both succeed. An empty claim never wipes a stored value.
   */
  async upsertFromToken(authUser: AuthUser): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."users" ("id", "name", "email", "image_url") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("id") DO UPDATE SET
         "name" = COALESCE(NULLIF(EXCLUDED."name", ''), "users"."name"),
         "email" = COALESCE(NULLIF(EXCLUDED."email", ''), "users"."email"),
         "image_url" = COALESCE(NULLIF(EXCLUDED."image_url", ''), "users"."image_url"),
         "updated_at" = now()
       WHERE ("users"."name", "users"."email", "users"."image_url") IS DISTINCT FROM
         (COALESCE(NULLIF(EXCLUDED."name", ''), "users"."name"), COALESCE(NULLIF(EXCLUDED."email", ''), "users"."email"),
          COALESCE(NULLIF(EXCLUDED."image_url", ''), "users"."image_url"))`,
      [authUser.id, authUser.name, authUser.email, authUser.imageUrl],
    );
  }

  /** The signed-in user's data, created or refreshed from the token first. */
  async userData(authUser: AuthUser): Promise<UserData> {
    await this.upsertFromToken(authUser);
    const [rows, enrolled] = await Promise.all([
      this.dataSource.query<{ name: string; email: string; image_url: string }[]>(
        'SELECT "name", "email", "image_url" FROM "progress"."users" WHERE "id" = $1',
        [authUser.id],
      ),
      this.enrolments.find({ where: { userId: authUser.id }, order: { createdAt: 'ASC' } }),
    ]);
    const stored = rows[0];
    return {
      _id: authUser.id,
      name: stored?.name ?? authUser.name,
      email: stored?.email ?? authUser.email,
      imageUrl: stored?.image_url ?? authUser.imageUrl,
      enrolledCourses: enrolled.map((enrolment) => enrolment.courseId),
      publicMetadata: { role: userRoleOf(authUser.roles) },
    };
  }
}
