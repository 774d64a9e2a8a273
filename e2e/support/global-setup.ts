// Starts the whole portal once, as `npm start` does but isolated (own database, queue prefix and ports). The info
// and learner remotes are served from copies of their builds, so journeys can take them down or redeploy them
// without touching dist/.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestPortal, TraceCollector } from '@academy/infra';
import type { PortalUnderTest } from './portal.js'; // type only: jest runs global setup without its module mapper

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long the sandbox leaves a refund pending in the journeys (`npm start`: 5 s); e2e/journeys/refunds.spec.ts reads it. */
const E2E_REFUND_SETTLE_MS = 4_000;
/** A payout account change needs a sign-in at most this old (`npm start`: 300 s); e2e/journeys/payouts.spec.ts waits it out. */
const E2E_PAYOUT_REAUTH_SECONDS = 30;

declare global {
  var e2ePortal: TestPortal | undefined;
  var e2eDistCopies: string[] | undefined;
  var e2eTraceCollector: TraceCollector | undefined;
}

export default async function globalSetup(): Promise<void> {
  const infoDistDir = await copyOfBuild('mfe-info-pages', 'info');
  const learnerDistDir = await copyOfBuild('mfe-learner', 'learner');

  // Loaded dynamically: jest compiles global setup as CommonJS, and @academy/infra is ESM only.
  const { startPortalForTests, startTraceCollector } = await import('@academy/infra');
  // Every process of the portal exports its spans here, so a journey can follow one trace end to end.
  const traceCollector = await startTraceCollector();
  globalThis.e2eTraceCollector = traceCollector;
  // Refunds settle by themselves as under `npm start`, sooner: the refund journey sees pending, then processed.
  const portal = await startPortalForTests({
    appDirs: { info: infoDistDir, learner: learnerDistDir },
    refundSettleMs: E2E_REFUND_SETTLE_MS,
    env: {
      ...process.env,
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: traceCollector.endpoint,
      PAYOUT_ACCOUNT_REAUTH_SECONDS: String(E2E_PAYOUT_REAUTH_SECONDS),
    },
  });
  globalThis.e2ePortal = portal;
  globalThis.e2eDistCopies = [infoDistDir, learnerDistDir];
  const underTest: PortalUnderTest = {
    portalUrl: portal.portalUrl,
    sandboxUrl: portal.sandboxUrl,
    infoDistDir,
    learnerDistDir,
    redisUrl: portal.redisUrl,
    queuePrefix: portal.queuePrefix,
    refundSettleMs: E2E_REFUND_SETTLE_MS,
    payoutReauthSeconds: E2E_PAYOUT_REAUTH_SECONDS,
    traceCollectorUrl: traceCollector.endpoint,
  };
  process.env.E2E_PORTAL = JSON.stringify(underTest);
  console.log(`\nPortal under test: ${portal.portalUrl} (log: ${portal.logFile})`);
}

async function copyOfBuild(workspace: string, remote: string): Promise<string> {
  const copy = path.join(repoRoot, 'e2e', 'artifacts', `${remote}-dist-${process.pid}`);
  await rm(copy, { recursive: true, force: true });
  await mkdir(path.dirname(copy), { recursive: true });
  await cp(path.join(repoRoot, workspace, 'dist'), copy, { recursive: true });
  return copy;
}
