// Starts the whole portal once, as `npm start` does but isolated (own database, queue prefix and ports). The info
// remote is served from a copy of its build, so journeys can take it down or redeploy it without touching dist/.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestPortal, TraceCollector } from '@academy/infra';
import type { PortalUnderTest } from './portal.js'; // type only: jest runs global setup without its module mapper

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long the sandbox leaves a refund pending in the journeys (`npm start`: 5 s); e2e/journeys/refunds.spec.ts reads it. */
const E2E_REFUND_SETTLE_MS = 4_000;

declare global {
  var e2ePortal: TestPortal | undefined;
  var e2eInfoDistDir: string | undefined;
  var e2eTraceCollector: TraceCollector | undefined;
}

export default async function globalSetup(): Promise<void> {
  const infoDistDir = path.join(repoRoot, 'e2e', 'artifacts', `info-dist-${process.pid}`);
  await rm(infoDistDir, { recursive: true, force: true });
  await mkdir(path.dirname(infoDistDir), { recursive: true });
  await cp(path.join(repoRoot, 'mfe-info-pages', 'dist'), infoDistDir, { recursive: true });

  // Loaded dynamically: jest compiles global setup as CommonJS, and @academy/infra is ESM only.
  const { startPortalForTests, startTraceCollector } = await import('@academy/infra');
  // Every process of the portal exports its spans here, so a journey can follow one trace end to end.
  const traceCollector = await startTraceCollector();
  globalThis.e2eTraceCollector = traceCollector;
  // Refunds settle by themselves as under `npm start`, sooner: the refund journey sees pending, then processed.
  const portal = await startPortalForTests({
    appDirs: { info: infoDistDir },
    refundSettleMs: E2E_REFUND_SETTLE_MS,
    env: { ...process.env, OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: traceCollector.endpoint },
  });
  globalThis.e2ePortal = portal;
  globalThis.e2eInfoDistDir = infoDistDir;
  const underTest: PortalUnderTest = {
    portalUrl: portal.portalUrl,
    sandboxUrl: portal.sandboxUrl,
    infoDistDir,
    redisUrl: portal.redisUrl,
    queuePrefix: portal.queuePrefix,
    refundSettleMs: E2E_REFUND_SETTLE_MS,
    traceCollectorUrl: traceCollector.endpoint,
  };
  process.env.E2E_PORTAL = JSON.stringify(underTest);
  console.log(`\nPortal under test: ${portal.portalUrl} (log: ${portal.logFile})`);
}
