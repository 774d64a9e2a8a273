// Public surface of @academy/platform (a federation singleton: every app gets this one instance).
export {
  type RemoteName,
  type RuntimeConfig,
  RuntimeConfigError,
  RUNTIME_CONFIG_URL,
  REMOTE_NAMES,
  loadRuntimeConfig,
  parseRuntimeConfig,
  resetRuntimeConfigCache,
} from './config/runtime-config';
export { RuntimeConfigProvider, useRuntimeConfig, useOptionalRuntimeConfig } from './config/runtime-config-context';
export {
  ApiError,
  apiUrl,
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type FormRequestOptions,
  type RequestOptions,
  type UploadProgress,
} from './api/api-client';
export { callApi } from './api/call-api';
export { newTraceparent, nextTraceparent } from './api/trace-context';
export { downloadWithToken } from './api/download-with-token';
export { useApi } from './api/use-api';
export { toLoadable, type Loadable } from './data/loadable';
export { queryKeys } from './api/query-keys';
export {
  MAX_QUERY_RETRIES,
  createQueryClient,
  isRetryableError,
  shouldRetryQuery,
  type PlatformQueryMeta,
  type QueryClientOptions,
} from './api/query-client';
export { PlatformQueryProvider } from './api/query-provider';
export { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from './api/react-query';
export { Trans, useTranslation } from './i18n/react-i18next';
export { AUTH_SCOPE, PlatformProviders, auth0Options } from './auth/platform-providers';
export { usePortalAuth, type PortalAuth } from './auth/portal-auth';
export { useDeviceUserId } from './auth/session-user';
export { settledUser, useUserStore, type UserDataFetcher, type UserState, type UserStatus } from './user/user-store';
export { useCurrentUser, type CurrentUser, type LoginOptions } from './user/use-current-user';
export { errorMessage, useToast, type Toast } from './toast/use-toast';
export { NotificationBell } from './notifications/lazy-notification-bell';
export {
  educatorPaths,
  infoPaths,
  learnerPaths,
  matchRemote,
  remotePageRoutes,
  remotePaths,
  type RemoteOfPath,
  type RouteTables,
  type RouteTableState,
} from './federation/remote-routes';
export {
  learnRemoteRoutes,
  preloadRemoteOfPath,
  retryRemoteRoutes,
  routeTableOfManifest,
  useRemoteOfPath,
  whenRemoteOfPathKnown,
} from './federation/remote-route-tables';
export {
  RemoteLoadTimeoutError,
  loadFederatedModule,
  loadRemoteComponent,
  type RemoteLoader,
} from './federation/load-remote-module';
export {
  DEFAULT_REMOTE_LOAD_TIMEOUT_MS,
  REMOTE_UNAVAILABLE_MESSAGE,
  RemoteModule,
  RemoteSection,
  RemoteUnavailablePanel,
  type RemoteFallbackProps,
  type RemoteModuleProps,
  type RemoteSectionProps,
} from './federation/remote-module';
export { remoteFailurePlugin, type RemoteFailure } from './federation/remote-failure-plugin';
export { startStandalone } from './federation/standalone';
export { isOfflineFailure, useOnline } from './offline/online-status';
export { FIRST_SCREEN_HAND_OVER_MAX_MS, handOverFirstScreen } from './first-screen/hand-over';
export { useRenderedForPhone } from './server/rendered-for-phone';
export {
  OfflineSync,
  OUTBOX_CHANGED_EVENT,
  queuedWrites,
  sendOrQueue,
  type OfflineWrite,
  type QueuedWrite,
  type ReplayOutcome,
  type SendOrQueueResult,
} from './offline/offline-writes';
export {
  LANGUAGE_STORAGE_KEY,
  changeLanguage,
  currentLanguage,
  initialLanguage,
  registerTranslations,
  startI18n,
  type TranslationFiles,
} from './i18n/i18n';
export { useFormat, type Formatters } from './i18n/use-format';
export { useChooseLanguage } from './i18n/language-sync';
export { LanguageSwitch } from './i18n/LanguageSwitch';
export { MESSAGES_NAMESPACE, translateMessage } from './i18n/messages';
