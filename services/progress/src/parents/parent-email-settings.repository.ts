import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A parent's stored email choices (`inactivityDays` null: the inactivity alert is off). */
export interface StoredEmailSettings {
  weeklyProgress: boolean;
  milestones: boolean;
  inactivityDays: number | null;
  quizAlerts: boolean;
}

/** A parent an email goes to. */
export interface EmailRecipient {
  id: string;
  name: string;
  email: string;
  preferredLanguage: string | null;
}

const recipientColumns = `u."id", u."name", u."email", u."preferred_language" AS "preferredLanguage"`;

/**
 * progress.parent_email_settings and progress.parent_emails_sent: what each parent wants by email, and which emails
 * went out (so a retried job sends none twice). A parent without a settings row gets every email.
 */
@Injectable()
export class ParentEmailSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The parent's stored choices (null: never saved). */
  async find(parentId: string): Promise<StoredEmailSettings | null> {
    const rows: StoredEmailSettings[] = await this.dataSource.query(
      `SELECT "weekly_progress" AS "weeklyProgress", "milestones", "inactivity_days" AS "inactivityDays", "quiz_alerts" AS "quizAlerts"
         FROM "progress"."parent_email_settings" WHERE "parent_id" = $1`,
      [parentId],
    );
    return rows[0] ?? null;
  }

  async save(parentId: string, settings: StoredEmailSettings): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."parent_email_settings" ("parent_id", "weekly_progress", "milestones", "inactivity_days", "quiz_alerts") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("parent_id") DO UPDATE SET "weekly_progress" = EXCLUDED."weekly_progress", "milestones" = EXCLUDED."milestones",
         "inactivity_days" = EXCLUDED."inactivity_days", "quiz_alerts" = EXCLUDED."quiz_alerts", "updated_at" = now()`,
      [parentId, settings.weeklyProgress, settings.milestones, settings.inactivityDays, settings.quizAlerts],
    );
  }

  /** Every parent with a linked child and an email address who has not turned the weekly email off. */
  async weeklyRecipients(): Promise<EmailRecipient[]> {
    return this.dataSource.query(
      `SELECT DISTINCT ${recipientColumns} FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."parent_id"
         LEFT JOIN "progress"."parent_email_settings" s ON s."parent_id" = l."parent_id"
        WHERE COALESCE(s."weekly_progress", true) AND u."email" <> ''
        ORDER BY u."id"`,
    );
  }

  /** The child's parents with an email address who want milestone emails. */
  async milestoneRecipients(childId: string): Promise<EmailRecipient[]> {
    return this.dataSource.query(
      `SELECT ${recipientColumns} FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."parent_id"
         LEFT JOIN "progress"."parent_email_settings" s ON s."parent_id" = l."parent_id"
        WHERE l."child_id" = $1 AND COALESCE(s."milestones", true) AND u."email" <> ''
        ORDER BY u."id"`,
      [childId],
    );
  }

  /** Whether the email with this key went out already. */
  async wasSent(key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM "progress"."parent_emails_sent" WHERE "key" = $1', [key]);
    return rows.length > 0;
  }

  /** Remembers the email as sent (once per key). */
  async markSent(key: string, parentId: string, kind: 'weekly' | 'course_completed'): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."parent_emails_sent" ("key", "parent_id", "kind") VALUES ($1, $2, $3) ON CONFLICT ("key") DO NOTHING`,
      [key, parentId, kind],
    );
  }
}
