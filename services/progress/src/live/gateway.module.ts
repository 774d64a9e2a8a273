import { CoreModule, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { z } from 'zod';
import { progressDatabase } from '../database.js';
import { DoubtPostLimiter } from '../doubts/doubt-post.limiter.js';
import { DoubtsRepository } from '../doubts/doubts.repository.js';
import { progressOutbox } from '../outbox.js';
import { LiveChatRepository } from './live-chat.repository.js';
import { LiveDoubtsRepository } from './live-doubts.repository.js';
import { LiveDoubtsService } from './live-doubts.service.js';
import { LiveRoomGateway } from './live-room.gateway.js';

/** The gateway entry point: live classes' chat, moderation, raised hands, polls and doubts over socket.io (docs/live-classes.md). */
@Module({
  imports: [
    CoreModule.forRoot({
      service: 'progress-gateway',
      database: progressDatabase,
      // Catalogue says which course a class belongs to and who teaches it.
      configShape: { CATALOGUE_URL: z.string().url() },
    }),
    // Doubts asked in class are the course's doubts: their `doubt.asked` event goes through the outbox.
    OutboxModule.forRoot(progressOutbox),
  ],
  providers: [LiveRoomGateway, LiveChatRepository, LiveDoubtsService, LiveDoubtsRepository, DoubtsRepository, DoubtPostLimiter],
})
export class GatewayModule {}
