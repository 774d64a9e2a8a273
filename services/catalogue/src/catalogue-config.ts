import { mediaLinkConfigShape, type CoreConfig } from '@academy/service-core';
import { z } from 'zod';

/** The catalogue's variables beyond the core ones (docs/DEVELOPING.md), validated once at start-up with them. */
export const catalogueConfigShape = {
  /** Commerce's base URL for `/internal/educators/:id/course-earnings` (My Courses' earnings). */
  COMMERCE_URL: z.string().url(),
  ...mediaLinkConfigShape,
  /** Public files (thumbnails, previews, notes) and paid lectures' files; default: the service's own folders. */
  MEDIA_DIR: z.string().min(1).optional(),
  PAID_MEDIA_DIR: z.string().min(1).optional(),
  /** `local` (default) or `s3`; checked, with the S3 settings, when the thumbnail store is made (thumbnail-store.ts). */
  THUMBNAIL_STORE: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  THUMBNAIL_PUBLIC_BASE_URL: z.string().optional(),
};

export type CatalogueConfig = CoreConfig & z.infer<z.ZodObject<typeof catalogueConfigShape>>;
