import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { userRoleOf, type Board, type LearnerProfile, type UserData } from '@academy/contracts';
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
      this.dataSource.query<{ name: string; email: string; image_url: string; school_class: number | null; board: Board | null; class_asked_at: Date | null }[]>(
        'SELECT "name", "email", "image_url", "school_class", "board", "class_asked_at" FROM "progress"."users" WHERE "id" = $1',
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
      schoolClass: stored?.school_class ?? null,
      board: stored?.board ?? null,
      classAsked: stored?.class_asked_at != null,
    };
  }

  /**
   * The learner's class and board (both null: they skipped), remembered with the time they answered so they are
   * not asked again.
   */
  async saveProfile(authUser: AuthUser, profile: LearnerProfile): Promise<UserData> {
    await this.upsertFromToken(authUser);
    await this.dataSource.query(
      'UPDATE "progress"."users" SET "school_class" = $2, "board" = $3, "class_asked_at" = now(), "updated_at" = now() WHERE "id" = $1',
      [authUser.id, profile.schoolClass, profile.board],
    );
    return this.userData(authUser);
  }
}
