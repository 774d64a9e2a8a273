// `/runtime-config.json`: written by the edge from its environment at deploy time, read by every app in the
// browser before anything renders. Never bundled, so one build runs against any tenant.
// The edge checks it with this schema (at its start, and `npm run check:runtime-config` for a hand-written file);
// the browser does not, so that no validator rides on the first page: what it needs is in runtime-config-request.ts.
import { z } from 'zod/mini';

const NON_EMPTY = 'must be a non-empty string';
const POSITIVE_MS = 'must be a positive number of milliseconds';
const setting = z.string({ error: NON_EMPTY }).check(z.trim(), z.minLength(1, NON_EMPTY));
const section = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object(shape, { error: 'must be an object' });

export const runtimeConfigSchema = z.object(
  {
    apiBaseUrl: setting,
    auth0: section({ domain: setting, clientId: setting, audience: setting, claimsNamespace: setting }),
    remotes: section({ learner: setting, educator: setting, info: setting }),
    // zod 4 numbers are finite: Infinity and NaN fail the type check with the same message.
    remoteLoadTimeoutMs: z.number({ error: POSITIVE_MS }).check(z.positive(POSITIVE_MS)),
    razorpay: section({ keyId: setting, checkoutScriptUrl: setting }),
    forms: section({ newsletterUrl: setting, newsletterKey: setting, contactUrl: setting, contactFormId: setting }),
    whatsappNumber: setting,
    socialLinks: section({ instagram: setting, youtube: setting }),
    // Origins of object storage or a CDN that serve images, video and files (the edge's policy allows them).
    mediaOrigins: z.optional(z.array(setting)),
    // TURN relays (coturn) for the live classes' WebRTC, as RTCPeerConnection's iceServers take them.
    iceServers: z.optional(z.array(z.object({ urls: z.array(setting), username: z.optional(setting), credential: z.optional(setting) }))),
  },
  { error: 'the file must contain a JSON object' },
);

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Every problem of a candidate config, each naming its field ("auth0.clientId must be a non-empty string"). */
export function runtimeConfigProblems(input: unknown): string[] {
  const result = runtimeConfigSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message));
}
