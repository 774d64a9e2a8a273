import 'reflect-metadata';
import { bootstrapHttp, loadConfig, coreConfigShape } from '@academy/service-core';
import { GatewayModule } from './live/gateway.module.js';
import { RedisIoAdapter } from './live/redis-io.adapter.js';

// Progress's third entry point: the live classes' WebSocket gateway (scaled on connections, apart from main and worker).
const config = loadConfig(coreConfigShape);
await bootstrapHttp(GatewayModule, { beforeListen: async (app) => void app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL, config.QUEUE_PREFIX)) });
