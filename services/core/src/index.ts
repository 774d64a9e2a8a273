export { coreConfigShape, loadConfig, jwksUrlOf, ConfigError, CORE_CONFIG, type CoreConfig, productionSandboxProblems, bindAddressFrom, SANDBOX_DEFAULT_SECRETS, REPOSITORY_SECRET_VALUES, weakSecretProblem } from './config/config.js';
export { authUserFromClaims, type AuthUser } from './auth/auth-user.js';
export { PUBLIC_USER_ID_SQL, publicUserId } from './auth/public-user-id.js';
export { Public, OptionalAuth, Internal, Roles, CurrentUser } from './auth/decorators.js';
export { AuthGuard, InternalTokenGuard, INTERNAL_TOKEN_HEADER } from './auth/guards.js';
export { TokenVerifier } from './auth/token-verifier.js';
export { serviceDataSourceOptions, runMigrations, migrateCommand, type ServiceDatabaseOptions } from './database/data-source.js';
export { EnvelopeExceptionFilter, toFailure, type FailureBody } from './http/envelope.filter.js';
export { ZodValidationPipe } from './http/zod-validation.pipe.js';
export { PostgresHealthIndicator } from './health/postgres.health.js';
export { RedisHealthIndicator } from './health/redis.health.js';
export { createQueueHealthController } from './health/queue-health.controller.js';
export { answerHealthPing, HEALTH_PING_JOB, HealthPingJob, type HealthPingResult } from './health/health-ping.job.js';
export { loggerParams } from './logging/logging.js';
export { contextFromHeaders, inSpan, inTraceOf, startTracing, stopTracing, traceHeaders, tracesExporterFrom, tracingEnabled } from './telemetry/tracing.js';
export { currentRequestId, runWithRequestId, requestContext, RequestContextInterceptor, JOB_REQUEST_ID_FIELD } from './logging/request-context.js';
export { trackQueueMetrics, trackOutboxMetrics } from './metrics/queue-metrics.js';
export { startMetricsServer } from './metrics/http-metrics.js';
export { JobHandler, JobRegistry, JobRegistryError, type JobProcessor } from './queue/job-registry.js';
export { QueueModule, jobRegistryToken, instrumentQueue, type QueueRegistration } from './queue/queue.module.js';
export { QueueRoundTrip } from './queue/queue-round-trip.js';
export { InternalClient, InternalCallError, type InternalClientOptions } from './internal/internal-client.js';
export { CoreModule, type CoreModuleOptions } from './core.module.js';
export { UPSTREAM_KEEP_ALIVE_MS, allowJsonBodiesUpTo, bootstrapHttp, bootstrapWorker, listenForOperators, onUnhandledRejection } from './bootstrap.js';
export {
  OutboxModule,
  OutboxWriter,
  OutboxRelay,
  OutboxRecord,
  OutboxError,
  addOutboxRequestIdSql,
  createOutboxTableSql,
  dropOutboxRequestIdSql,
  dropOutboxTableSql,
  outboxTable,
  type OutboxModuleOptions,
  type OutboxRelayModuleOptions,
  type OutboxMessage,
  type OutboxRoutes,
  type OutboxRelayOptions,
} from './outbox/index.js';
export {
  MediaLinks,
  MEDIA_LINKS,
  mediaLinksProvider,
  mediaLinkConfigShape,
  lectureLinksFor,
  isProtectedFile,
  isUploadedVideo,
  signedScopeOf,
  protectedFilePath,
  PROTECTED_FILE_PREFIX,
  PROTECTED_VIDEO_PREFIX,
  MEDIA_LINK_EXPIRED_MESSAGE,
  MEDIA_LINK_INVALID_MESSAGE,
  MEDIA_LINK_MISSING_MESSAGE,
  type MediaLinkVerdict,
  type LectureLinkAudience,
} from './media/media-links.js';
export {
  OBJECT_STORAGE,
  objectStorageProvider,
  objectStorageConfigShape,
  S3ObjectStorage,
  ObjectTooLargeError,
  StorageUnavailableError,
  formatBytes,
  type ObjectStorage,
  type ObjectStorageConfig,
  type StoredObject,
  type ObjectStream,
  type PutOptions,
  type PresignOptions,
} from './storage/object-storage.js';
export { sendStoredObject, type SendObjectOptions } from './storage/send-object.js';
export {
  DeadLetterStore,
  DeadLetterNotFoundError,
  SERVICE_SCHEMA,
  createDeadLetterTableSql,
  dropDeadLetterTableSql,
  deadLetterTable,
  type DeadLetter,
  type DeadLetterStage,
  type DeadLetterStatus,
} from './queue/dead-letters.js';
export {
  OperatorQueuesModule,
  OperatorGuard,
  QueueBoard,
  DeadLetterController,
  operatorRefusal,
  operatorPortGate,
  normalisedPath,
  OPERATOR_PATH_PREFIXES,
  OPERATOR_TOKEN_HEADER,
  type OperatorQueuesOptions,
} from './operator/operator.js';
export {
  encodeKeysetCursor,
  decodeKeysetCursor,
  cursorTimestampSql,
  INVALID_CURSOR_MESSAGE,
  isRealTimestamp,
  escapeLikePattern,
  type KeysetPosition,
} from './http/keyset-cursor.js';
export { blockingConnection, PRODUCER_COMMAND_TIMEOUT_MS, PRODUCER_REDIS_OPTIONS, WORKER_REDIS_OPTIONS } from './queue/queue-defaults.js';
export { Mailer, MAILER, mailerProvider, mailConfigShape, escapeHtml, type MailConfig, type MailMessage } from './mail/mailer.js';
export { CspReportsModule, CSP_REPORTS_ROUTE } from './security/csp-reports.js';
export { createTranslations, readLanguage, type Translate, type TranslationTree } from './i18n/translations.js';
export { PDF_FONT, PDF_FONT_FILES, registerPdfFonts } from './i18n/pdf-fonts.js';
