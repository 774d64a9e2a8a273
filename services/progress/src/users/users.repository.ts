import type { Board, UiLanguage } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** What the portal stores of a user beyond the token. */
export interface StoredUser {
  name: string;
  email: string;
  imageUrl: string;
  schoolClass: number | null;
  board: Board | null;
  classAskedAt: Date | null;
  chosenRole: string | null;
  preferredLanguage: UiLanguage | null;
}

/** A user as shown to someone linked to them (a parent's child). */
export interface UserCard {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
}

/** progress.users: profiles refreshed from the token, the role chosen at sign-up, class, board and language. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  /** Creates the user from another service's copy when there is no row yet (an existing one is left as it is). */
  async insertIfMissing(manager: EntityManager, user: { id: string; name: string; email: string; imageUrl: string }): Promise<void> {
    await manager.query(`INSERT INTO "progress"."users" ("id", "name", "email", "image_url") VALUES ($1, $2, $3, $4) ON CONFLICT ("id") DO NOTHING`, [
      user.id,
      user.name,
      user.email,
      user.imageUrl,
    ]);
  }

  async find(userId: string): Promise<StoredUser | null> {
    const rows: StoredUser[] = await this.dataSource.query(
      `SELECT "name", "email", "image_url" AS "imageUrl", "school_class" AS "schoolClass", "board", "class_asked_at" AS "classAskedAt",
              "chosen_role" AS "chosenRole", "preferred_language" AS "preferredLanguage"
         FROM "progress"."users" WHERE "id" = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async card(userId: string): Promise<UserCard | null> {
    const rows: UserCard[] = await this.dataSource.query('SELECT "id", "name", "email", "image_url" AS "imageUrl" FROM "progress"."users" WHERE "id" = $1', [userId]);
    return rows[0] ?? null;
  }

  async chosenRole(userId: string): Promise<string | null> {
    const rows: { chosen_role: string | null }[] = await this.dataSource.query('SELECT "chosen_role" FROM "progress"."users" WHERE "id" = $1', [userId]);
    return rows[0]?.chosen_role ?? null;
  }

  async hasChosenRole(userId: string, role: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "progress"."users" WHERE "id" = $1 AND "chosen_role" = $2`, [userId, role]);
    return rows.length > 0;
  }

  /** Whether the user learns here: enrolled in a course or linked to a parent as a child. */
  async learns(userId: string): Promise<boolean> {
    const [{ learns }]: { learns: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1)
           OR EXISTS (SELECT 1 FROM "progress"."parent_links" WHERE "child_id" = $1) AS "learns"`,
      [userId],
    );
    return learns;
  }

  /** Records the role; the moment it was first chosen is kept. */
  async setChosenRole(userId: string, role: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "progress"."users" SET "chosen_role" = $2, "role_chosen_at" = COALESCE("role_chosen_at", now()), "updated_at" = now() WHERE "id" = $1`,
      [userId, role],
    );
  }

  /** Choosing the same language again changes nothing (not even `updated_at`). */
  async setPreferredLanguage(userId: string, language: UiLanguage): Promise<void> {
    await this.dataSource.query(
      `UPDATE "progress"."users" SET "preferred_language" = $2, "updated_at" = now() WHERE "id" = $1 AND "preferred_language" IS DISTINCT FROM $2`,
      [userId, language],
    );
  }

  /** The class and board (both null: skipped), with the moment of the answer so the learner is not asked again. */
  async setClassAndBoard(userId: string, schoolClass: number | null, board: Board | null): Promise<void> {
    await this.dataSource.query(
      'UPDATE "progress"."users" SET "school_class" = $2, "board" = $3, "class_asked_at" = now(), "updated_at" = now() WHERE "id" = $1',
      [userId, schoolClass, board],
    );
  }
}
