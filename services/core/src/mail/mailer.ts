import { Logger, type OnModuleDestroy, type Provider } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { CORE_CONFIG } from '../config/config.js';

/**
 * Settings of outgoing mail (docs/DEVELOPING.md). `SMTP_URL` is `smtp://user:pass@host:port` (or `smtps://` for
 * TLS from the first byte); locally the launcher points it at the sandbox's SMTP server. Unset: mail is off and
 * `Mailer.send` answers `{ sent: false }` (logged once), so a service without mail still runs.
 */
export const mailConfigShape = {
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Academy <no-reply@academy.local>'),
};

export type MailConfig = z.infer<z.ZodObject<typeof mailConfigShape>>;

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (always sent). */
  text: string;
  /** The HTML part. */
  html: string;
}

export const MAILER = Symbol('MAILER');

/** One SMTP transport per process (nodemailer), pooled, closed with the app. */
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;
  private warned = false;

  constructor(
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Sends one message; throws when the SMTP server refuses or cannot be reached (a job then retries). */
  async send(message: MailMessage): Promise<{ sent: boolean; messageId?: string }> {
    if (!this.transport) {
      if (!this.warned) this.logger.warn('SMTP_URL is not set: mail is not sent');
      this.warned = true;
      return { sent: false };
    }
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { messageId?: string };
    return { sent: true, messageId: info.messageId };
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

/** Provides `MAILER` from the validated config (the service adds `mailConfigShape` to its config shape). */
export const mailerProvider: Provider = {
  provide: MAILER,
  inject: [CORE_CONFIG],
  useFactory: (config: MailConfig) => new Mailer(config.MAIL_FROM, config.SMTP_URL),
};

/** Escapes text for HTML bodies of mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
