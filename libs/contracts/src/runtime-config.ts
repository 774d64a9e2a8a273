// `/runtime-config.json`: written by the edge from its environment at deploy time, read by every app in the
// browser before anything renders. Never bundled, so one build runs against any tenant.
import { z } from 'zod';

const setting = z.string({ error: 'must be a non-empty string' }).trim().min(1, 'must be a non-empty string');
const section = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: 'must be an object' });

export const runtimeConfigSchema = z.object(
  {
    apiBaseUrl: setting,
    auth0: section({ domain: setting, clientId: setting, audience: setting, claimsNamespace: setting }),
    remotes: section({ learner: setting, educator: setting, info: setting }),
    remoteLoadTimeoutMs: z
      .number({ error: 'must be a positive number of milliseconds' })
      .positive('must be a positive number of milliseconds')
      .finite('must be a positive number of milliseconds'),
    razorpay: section({ keyId: setting, checkoutScriptUrl: setting }),
    forms: section({ newsletterUrl: setting, newsletterKey: setting, contactUrl: setting, contactFormId: setting }),
    whatsappNumber: setting,
    socialLinks: section({ instagram: setting, youtube: setting }),
  },
  { error: 'the file must contain a JSON object' },
);

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type RemoteName = keyof RuntimeConfig['remotes'];
export const REMOTE_NAMES: readonly RemoteName[] = ['learner', 'educator', 'info'];

/** Every problem of a candidate config, each naming its field ("auth0.clientId must be a non-empty string"). */
export function runtimeConfigProblems(input: unknown): string[] {
  const result = runtimeConfigSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message));
}
