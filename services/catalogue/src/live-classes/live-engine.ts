import { Inject, Injectable } from '@nestjs/common';
import { CORE_CONFIG } from '@academy/service-core';
import type { CatalogueConfig } from '../catalogue-config.js';

const CHECK_TIMEOUT_MS = 1_500;
const REMEMBER_MS = 10_000;

/**
 * Whether the live video engine (Janus) answers its `info` request: asked at most every 10 s. Without it the portal
 * still schedules classes and says plainly that going live is unavailable.
 */
@Injectable()
export class LiveEngine {
  private checked: { at: number; available: Promise<boolean> } | null = null;

  constructor(@Inject(CORE_CONFIG) private readonly config: CatalogueConfig) {}

  available(): Promise<boolean> {
    const url = this.config.JANUS_URL;
    if (!url) return Promise.resolve(false);
    if (this.checked && Date.now() - this.checked.at < REMEMBER_MS) return this.checked.available;
    const available = fetch(`${url.replace(/\/$/, '')}/info`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
      .then(async (answer) => answer.ok && ((await answer.json()) as { janus?: string }).janus === 'server_info')
      .catch(() => false);
    this.checked = { at: Date.now(), available };
    return available;
  }
}
