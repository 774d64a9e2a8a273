import { CreateUsersAndEnrolments1760000000000 } from './migrations/1760000000000-CreateUsersAndEnrolments.js';
import { Enrolment } from './users/enrolment.entity.js';
import { User } from './users/user.entity.js';

export const progressEntities = [User, Enrolment];

/** The `progress` schema: entities and migrations, in order. */
export const progressDatabase = {
  schema: 'progress',
  entities: progressEntities,
  migrations: [CreateUsersAndEnrolments1760000000000],
};
