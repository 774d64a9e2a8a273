// What global-setup started, handed to the journeys through the environment (jest runs them in band).
export interface PortalUnderTest {
  portalUrl: string;
  sandboxUrl: string;
  /** Folder the edge serves /mfe/info/ from: journeys replace or remove it to redeploy or break that remote. */
  infoDistDir: string;
  /** Folder the edge serves /mfe/learner/ from: e2e/journeys/remote-owns-routes.spec.ts redeploys the learner there. */
  learnerDistDir: string;
  /** The portal's Redis and queue prefix: a journey may add a job to a service's real queue (the weekly email). */
  redisUrl: string;
  queuePrefix: string;
  /** How long the sandbox leaves a refund pending before settling it by itself. */
  refundSettleMs: number;
  /** How recent a sign-in must be to change a payout account (seconds). */
  payoutReauthSeconds: number;
  /** The OTLP receiver every process of the portal exports spans to; `GET <url>/traces/<trace id>` lists a trace's spans. */
  traceCollectorUrl: string;
}

export function portal(): PortalUnderTest {
  const raw = process.env.E2E_PORTAL;
  if (!raw) throw new Error('E2E_PORTAL is not set: run the journeys through jest (globalSetup starts the portal).');
  return JSON.parse(raw) as PortalUnderTest;
}
