import type { RuntimeConfig } from './runtime-config.js';

/** The fetch directives the portal's policy names origins in (`'self'` is in each of them). */
export type SourceDirective = 'script-src' | 'connect-src' | 'frame-src' | 'img-src' | 'media-src' | 'font-src' | 'worker-src' | 'form-action';

/** What the policy is built for: the identity origin and the checkout are read from the runtime config. */
export interface PolicyContext {
  config: RuntimeConfig;
  production: boolean;
  /** Origin of the sign-in service (Auth0, or the sandbox locally). */
  identity: string | undefined;
  /** Origin of the payment checkout script (Razorpay, or the sandbox locally). */
  checkout: string | undefined;
}

/**
 * One thing the portal's pages embed, call or load from another origin, with why. `origins` is either fixed or
 * read from the runtime config; `when` limits an entry to where it applies (an environment, a provider).
 */
export interface ContentSource {
  why: string;
  directives: readonly SourceDirective[];
  origins: readonly string[] | ((context: PolicyContext) => (string | undefined)[]);
  when?: (context: PolicyContext) => boolean;
}

export function originOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
}

const usesRazorpayCheckout = ({ checkout }: PolicyContext) => checkout === 'https://checkout.razorpay.com';
const usesAuth0 = ({ identity, production }: PolicyContext) => production || (identity?.endsWith('.auth0.com') ?? false);

/**
 * Everything the portal loads from elsewhere: the Content Security Policy (security-headers.ts) is built from this
 * list alone, for the local edge and for nginx. Adding an embed or a provider means adding one entry here.
 */
export const CONTENT_SOURCES: readonly ContentSource[] = [
  {
    why: 'The shell fetches each remote manifest and loads its scripts, which may sit on a CDN.',
    directives: ['script-src', 'connect-src'],
    origins: ({ config }) => Object.values(config.remotes).map(originOf),
  },
  {
    why: 'The API, when it is not under the portal origin.',
    directives: ['connect-src'],
    origins: ({ config }) => [originOf(config.apiBaseUrl)],
  },
  {
    why: 'Sign-in: the auth SDK calls the identity origin for tokens, its login page posts back, and silent sign-in frames it.',
    directives: ['connect-src', 'form-action', 'frame-src'],
    origins: ({ identity }) => [identity],
  },
  {
    why: 'The signed-in user picture comes from the identity provider.',
    directives: ['img-src'],
    origins: ({ identity }) => [identity],
  },
  {
    why: 'Auth0 profile pictures: Gravatar, with Auth0 initials avatars as its fallback.',
    directives: ['img-src'],
    origins: ['https://s.gravatar.com', 'https://cdn.auth0.com'],
    when: usesAuth0,
  },
  {
    why: 'The payment checkout script, and the frames and calls it makes.',
    directives: ['script-src', 'frame-src', 'connect-src'],
    origins: ({ checkout }) => [checkout],
  },
  {
    why: "Razorpay Checkout frames api.razorpay.com for card and UPI forms and reports to its logging endpoint.",
    directives: ['frame-src', 'connect-src'],
    origins: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
    when: usesRazorpayCheckout,
  },
  {
    why: 'The newsletter and contact forms post to the form services.',
    directives: ['connect-src'],
    origins: ({ config }) => [originOf(config.forms.newsletterUrl), originOf(config.forms.contactUrl)],
  },
  {
    why: 'YouTube lectures and previews, embedded privacy-enhanced (no cookies until the learner plays).',
    directives: ['frame-src'],
    origins: ['https://www.youtube-nocookie.com'],
  },
  {
    why: 'Object storage or a CDN: thumbnails, posters, lecture video (fetched by the player), notes and tests.',
    directives: ['img-src', 'media-src', 'connect-src'],
    origins: ({ config }) => (config.mediaOrigins ?? []).map(originOf),
  },
];

/** The origins each directive allows beyond 'self', from CONTENT_SOURCES, in list order without repeats. */
export function allowedOrigins(sources: readonly ContentSource[], context: PolicyContext): Record<SourceDirective, string[]> {
  const allowed: Record<SourceDirective, Set<string>> = {
    'script-src': new Set(),
    'connect-src': new Set(),
    'frame-src': new Set(),
    'img-src': new Set(),
    'media-src': new Set(),
    'font-src': new Set(),
    'worker-src': new Set(),
    'form-action': new Set(),
  };
  for (const source of sources) {
    if (source.when && !source.when(context)) continue;
    const origins = typeof source.origins === 'function' ? source.origins(context) : source.origins;
    for (const origin of origins) {
      if (origin === undefined) continue;
      for (const directive of source.directives) allowed[directive].add(origin);
    }
  }
  return Object.fromEntries(Object.entries(allowed).map(([directive, origins]) => [directive, [...origins]])) as Record<
    SourceDirective,
    string[]
  >;
}
