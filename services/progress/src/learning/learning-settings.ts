import { CORE_CONFIG, mediaLinkConfigShape, objectStorageConfigShape, type CoreConfig } from '@academy/service-core';
import type { Provider } from '@nestjs/common';
import { z } from 'zod';

/** Variables the learning routes read beyond the core ones (validated once, when the module starts). */
export const learningConfigShape = {
  /** Catalogue's base URL for `/internal/courses/:id` and `/internal/courses/batch`. */
  CATALOGUE_URL: z.string().url(),
  /** The portal's public address, printed on certificates as the verification link. */
  PORTAL_URL: z.string().url(),
  /** How long a course read from catalogue is reused (ms); 0 disables the cache. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  ...mediaLinkConfigShape,
  /** The media bucket: learners' assignment files (paid/ folder, served by catalogue through signed links) and images attached to doubts. */
  ...objectStorageConfigShape,
};

/** Progress's settings: the core ones and the learning routes' (validated once, by CoreModule, at start-up). */
export type ProgressConfig = CoreConfig & z.infer<z.ZodObject<typeof learningConfigShape>>;

export interface LearningSettings {
  catalogueUrl: string;
  portalUrl: string;
  catalogueCacheMs: number;
  internalToken: string;
}

export const LEARNING_SETTINGS = Symbol('LEARNING_SETTINGS');

export const learningSettingsProvider: Provider = {
  provide: LEARNING_SETTINGS,
  inject: [CORE_CONFIG],
  useFactory: (config: ProgressConfig): LearningSettings => ({
    catalogueUrl: config.CATALOGUE_URL,
    portalUrl: config.PORTAL_URL.replace(/\/+$/, ''),
    catalogueCacheMs: config.CATALOGUE_CACHE_MS,
    internalToken: config.INTERNAL_TOKEN,
  }),
};
