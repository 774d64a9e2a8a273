import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * socket.io with the Redis adapter: a message emitted to a class's room on one gateway replica reaches the sockets
 * of that room on every replica. Its channels carry the queue prefix, so portals sharing a Redis stay apart.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: ConstructorParameters<typeof IoAdapter>[0],
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const publisher = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    const subscriber = publisher.duplicate();
    this.clients.push(publisher, subscriber);
    server.adapter(createAdapter(publisher, subscriber, { key: `${this.prefix}:live-gateway` }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    this.clients.forEach((client) => client.disconnect());
  }
}
