import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  await globalThis.e2ePortal?.stop();
  await globalThis.e2eTraceCollector?.stop();
  if (globalThis.e2eInfoDistDir) await rm(globalThis.e2eInfoDistDir, { recursive: true, force: true });
}
