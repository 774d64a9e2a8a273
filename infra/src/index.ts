export { createEdge, type Edge, type EdgeOptions, type RunningEdge } from './edge/edge-server.js';
export { runtimeConfigFromEnv, type RuntimeConfig } from './edge/runtime-config.js';
export { loadRouteTable, matchRoute, prefixMatches, type RouteTable, type RouteMatch, type ServiceName, type AppName } from './routes/route-table.js';
export { generateNginxConfig } from './nginx/generate-nginx.js';
export { ensurePostgres, ensureDatabase, dropDatabase, databaseUrlFor, embeddedPostgresPort, type PostgresHandle } from './local/postgres.js';
export { ensureRedis, redisInstallHelp, privateRedisPort, type RedisHandle } from './local/redis.js';
export { findFreePort } from './local/process-utils.js';
export { startPortal, defaultPorts, demoAccounts, demoPassword, type StartPortalOptions, type RunningPortal, type PortalPorts } from './launcher/start-portal.js';
export { startPortalForTests, createTestStores, type TestPortal, type TestStores } from './testing/index.js';
