export { createIsolatedDatabase, uniqueQueuePrefix, type IsolatedDatabase } from './isolated-database.js';
export { TestIssuer, demoUsers, TEST_AUDIENCE, TEST_CLAIMS_NAMESPACE, type TestUser, type SignOptions } from './test-issuer.js';
export { prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, TEST_MEDIA_LINK_SECRET, type ServiceTestEnvironment } from './service-env.js';
export { PausableTcpProxy } from './pausable-proxy.js';
export { pdfText } from './pdf-text.js';
export { startTestObjectStore, S3RVER_CREDENTIALS, type TestObjectStore } from './object-store.js';
export { eventually, settledValue, untilWorkSettled, type EventuallyOptions, type SettledWork } from './eventually.js';
