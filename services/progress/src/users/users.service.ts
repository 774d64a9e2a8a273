import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EDUCATOR_ROLE, PARENT_ROLE, ROLE_CHOICE_REFUSED_MESSAGE, userRoleOf, type Board, type LearnerProfile, type UiLanguage, type UserData } from '@academy/contracts';
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

  /** The token's roles plus the role the user chose at sign-up on the portal (recorded here, never in the token). */
  async effectiveRoles(authUser: AuthUser): Promise<string[]> {
    if (authUser.roles.includes(PARENT_ROLE)) return authUser.roles;
    const rows: { chosen_role: string | null }[] = await this.dataSource.query('SELECT "chosen_role" FROM "progress"."users" WHERE "id" = $1', [authUser.id]);
    const chosen = rows[0]?.chosen_role;
    return chosen ? [...authUser.roles, chosen] : authUser.roles;
  }

  /** Whether the user is a parent by the token or by the role chosen at sign-up (asked by commerce, which has only the id). */
  async isParent(userId: string, tokenRoles: readonly string[] = []): Promise<boolean> {
    if (tokenRoles.includes(PARENT_ROLE)) return true;
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "progress"."users" WHERE "id" = $1 AND "chosen_role" = 'parent'`, [userId]);
    return rows.length > 0;
  }

  /**
   * Records "I'm a parent" chosen at sign-up. Idempotent; refused (409) for an account that already teaches, learns
   * (an enrolment) or is linked to a parent as a child: a parent account is a new account, never a learner's.
   */
  async chooseRole(authUser: AuthUser, role: typeof PARENT_ROLE): Promise<UserData> {
    await this.upsertFromToken(authUser);
    if (!authUser.roles.includes(role)) {
      if (authUser.roles.includes(EDUCATOR_ROLE)) throw new ConflictException(ROLE_CHOICE_REFUSED_MESSAGE);
      const [{ learns }]: { learns: boolean }[] = await this.dataSource.query(
        `SELECT EXISTS (SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1)
             OR EXISTS (SELECT 1 FROM "progress"."parent_links" WHERE "child_id" = $1) AS "learns"`,
        [authUser.id],
      );
      const [current]: { chosen_role: string | null }[] = await this.dataSource.query('SELECT "chosen_role" FROM "progress"."users" WHERE "id" = $1', [authUser.id]);
      if (learns && current?.chosen_role !== role) throw new ConflictException(ROLE_CHOICE_REFUSED_MESSAGE);
      await this.dataSource.query(
        `UPDATE "progress"."users" SET "chosen_role" = $2, "role_chosen_at" = COALESCE("role_chosen_at", now()), "updated_at" = now() WHERE "id" = $1`,
        [authUser.id, role],
      );
    }
    return this.userData(authUser);
  }

  /** The signed-in user's data, created or refreshed from the token first. */
  async userData(authUser: AuthUser): Promise<UserData> {
    await this.upsertFromToken(authUser);
    const [rows, enrolled] = await Promise.all([
      this.dataSource.query<{ name: string; email: string; image_url: string; school_class: number | null; board: Board | null; class_asked_at: Date | null; chosen_role: string | null; preferred_language: UiLanguage | null }[]>(
        'SELECT "name", "email", "image_url", "school_class", "board", "class_asked_at", "chosen_role", "preferred_language" FROM "progress"."users" WHERE "id" = $1',
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
      publicMetadata: { role: userRoleOf(stored?.chosen_role ? [...authUser.roles, stored.chosen_role] : authUser.roles) },
      schoolClass: stored?.school_class ?? null,
      board: stored?.board ?? null,
      classAsked: stored?.class_asked_at != null,
      language: stored?.preferred_language ?? null,
    };
  }

  /** The interface language chosen in the switch; choosing the same one again changes nothing. */
  async chooseLanguage(authUser: AuthUser, language: UiLanguage): Promise<UserData> {
    await this.upsertFromToken(authUser);
    await this.dataSource.query(
      `UPDATE "progress"."users" SET "preferred_language" = $2, "updated_at" = now() WHERE "id" = $1 AND "preferred_language" IS DISTINCT FROM $2`,
      [authUser.id, language],
    );
    return this.userData(authUser);
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
