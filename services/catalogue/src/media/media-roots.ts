import { CORE_CONFIG } from '@academy/service-core';
import type { CatalogueConfig } from '../catalogue-config.js';
import { mediaRootOf, paidMediaRootOf } from './generate-media.js';

/** The folder served at /media/ (and where local thumbnails are written). */
export const MEDIA_ROOT = Symbol('MEDIA_ROOT');
/** The folder of paid lectures' files, served at /api/files/ with a signed link. */
export const PAID_MEDIA_ROOT = Symbol('PAID_MEDIA_ROOT');

export const mediaRootProviders = [
  { provide: MEDIA_ROOT, inject: [CORE_CONFIG], useFactory: (config: CatalogueConfig) => mediaRootOf(config.MEDIA_DIR) },
  { provide: PAID_MEDIA_ROOT, inject: [CORE_CONFIG], useFactory: (config: CatalogueConfig) => paidMediaRootOf(config.PAID_MEDIA_DIR) },
];
