import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  await globalThis.e2ePortal?.stop();
  await globalThis.e2eTraceCollector?.stop();
  for (const copy of globalThis.e2eDistCopies ?? []) await rm(copy, { recursive: true, force: true });
}
