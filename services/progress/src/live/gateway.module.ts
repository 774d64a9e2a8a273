import { CoreModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { z } from 'zod';
import { progressDatabase } from '../database.js';
import { LiveChatStore } from './live-chat.store.js';
import { LiveRoomGateway } from './live-room.gateway.js';

/** The gateway entry point: live classes' chat, moderation and raised hands over socket.io (docs/live-classes.md). */
@Module({
  imports: [
    CoreModule.forRoot({
      service: 'progress-gateway',
      database: progressDatabase,
      // Catalogue says which course a class belongs to and who teaches it.
      configShape: { CATALOGUE_URL: z.string().url() },
    }),
  ],
  providers: [LiveRoomGateway, LiveChatStore],
})
export class GatewayModule {}
