import { OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository.js';
import { EnrolmentsRepository } from './enrolments.repository.js';
import { EnrolmentsService } from './enrolments.service.js';
import { InternalEnrolmentsController } from './internal-enrolments.controller.js';
import { progressOutbox } from '../outbox.js';

/**
 * POST /internal/enrolments (commerce's enrol call) and the `course.enrolled` event. With a relay that is never started
 * on a timer: an enrolment or a refund sends its events at once (the worker's relay sends whatever is left).
 */
@Module({
  imports: [OutboxModule.forRelay({ ...progressOutbox, autoStart: false })],
  controllers: [InternalEnrolmentsController],
  providers: [EnrolmentsService, EnrolmentsRepository, UsersRepository],
  exports: [EnrolmentsService],
})
export class EnrolmentsModule {}
