import { pino } from 'pino';
import { createSandboxApp } from './app.js';
import { readSandboxEnvironment, sandboxBindAddress, sandboxProductionRefusal } from './config.js';
import { startSmtpInbox, type RunningSmtpInbox } from './mail/smtp-inbox.js';

const logger = pino({ name: 'sandbox', level: process.env.LOG_LEVEL ?? 'info' });

async function start(): Promise<void> {
  const refusal = sandboxProductionRefusal(process.env);
  if (refusal) throw new Error(refusal);
  if (process.env.NODE_ENV === 'production') logger.warn('ALLOW_SANDBOX_PROVIDERS=true: the sandbox runs with NODE_ENV=production (tests only)');
  const { port, options } = readSandboxEnvironment(process.env);
  const { app, razorpay, mail } = await createSandboxApp(options);
  const host = sandboxBindAddress(process.env);
  let smtp: RunningSmtpInbox | undefined;
  if (options.smtpPort) {
    smtp = await startSmtpInbox(mail, options.smtpPort, host);
    logger.info({ smtpPort: smtp.port }, `sandbox SMTP server on ${host}:${smtp.port} (mail shown at ${options.publicUrl}forms/inbox#mail)`);
  }
  const server = app.listen(port, host, () => {
    logger.info(
      { port, host, issuer: options.publicUrl, dataDir: options.dataDir, portalOrigins: options.portalOrigins, refundSettleMs: options.razorpay.refundSettleMs },
      `sandbox listening on ${options.publicUrl} (sign-in, forms inbox at ${options.publicUrl}forms/inbox, ` +
        `Razorpay at ${options.publicUrl}razorpay/ with webhooks ${options.razorpay.webhookUrl ? `to ${options.razorpay.webhookUrl}` : 'off'}, ` +
        `refunds settled ${options.razorpay.refundSettleMs === null ? 'only by the test-only route' : `${options.razorpay.refundSettleMs} ms after they are made`})`,
    );
  });
  server.on('error', (error) => {
    logger.error({ err: error }, 'sandbox could not listen');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'sandbox stopping');
    razorpay.refunds.close();
    razorpay.webhooks.close();
    void smtp?.close();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

start().catch((error: unknown) => {
  logger.error({ err: error }, 'sandbox failed to start');
  process.exit(1);
});
