import { OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository.js';
import { EnrolmentsRepository } from './enrolments.repository.js';
import { EnrolmentsService } from './enrolments.service.js';
import { InternalEnrolmentsController } from './internal-enrolments.controller.js';
import { progressOutbox } from '../outbox.js';

/** POST /internal/enrolments (commerce's enrol call) and the `course.enrolled` event. */
@Module({
  imports: [OutboxModule.forRoot(progressOutbox)],
  controllers: [InternalEnrolmentsController],
  providers: [EnrolmentsService, EnrolmentsRepository, UsersRepository],
  exports: [EnrolmentsService],
})
export class EnrolmentsModule {}
