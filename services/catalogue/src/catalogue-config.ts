import { mediaLinkConfigShape, objectStorageConfigShape, type CoreConfig } from '@academy/service-core';
import { z } from 'zod';

/** The catalogue's variables beyond the core ones (docs/DEVELOPING.md), validated once at start-up with them. */
export const catalogueConfigShape = {
  /**
   * The live video engine's HTTP API (Janus, e.g. `http://127.0.0.1:8188/janus`; the launcher sets it when `janus` is on
   * the PATH). Unset or unreachable: live classes can be scheduled but not taught (docs/live-classes.md).
   */
  JANUS_URL: z.string().url().optional(),
  /**
   * Several Janus nodes (a cluster): `name=url` pairs separated by commas, e.g.
   * `janus-0=http://janus-0.janus:8088/janus,janus-1=http://janus-1.janus:8088/janus`. Each class is placed on one
   * when it starts (the answering node with the fewest live classes). Unset: JANUS_URL is the one node, `local`.
   */
  JANUS_NODES: z.string().regex(/^[a-z0-9-]+=https?:\/\/[^,\s]+(,[a-z0-9-]+=https?:\/\/[^,\s]+)*$/, 'JANUS_NODES is name=url pairs separated by commas').optional(),
  /**
   * The video worker beside a Janus node (the same pod: Janus forwards RTP to 127.0.0.1, and the recordings are on its
   * disk) names that node here and takes only that node's live jobs. Unset: the local portal's one queue.
   */
  LIVE_NODE: z.string().regex(/^[a-z0-9-]+$/).optional(),
  /** Where that Janus writes class recordings (on its own machine; the launcher sets it with JANUS_URL). */
  JANUS_RECORDINGS_DIR: z.string().min(1).optional(),
  ...mediaLinkConfigShape,
  /** The media bucket (S3_*): thumbnails, notes, tests, videos (docs/storage.md). */
  ...objectStorageConfigShape,
};

export type CatalogueConfig = CoreConfig & z.infer<z.ZodObject<typeof catalogueConfigShape>>;

/**
 * A course draft is saved as JSON (PUT /api/educator/courses/:id/draft): a description of up to 100,000 characters
 * of HTML, JSON-escaped, plus its chapters and quizzes, goes past express's default 100 KB.
 */
export const CATALOGUE_JSON_BODY_LIMIT = '2mb';
