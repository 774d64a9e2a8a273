import { Certificate, CourseRating, LectureCompletion, PlaybackPosition } from './learning/learning.entities.js';
import { CreateUsersAndEnrolments1760000000000 } from './migrations/1760000000000-CreateUsersAndEnrolments.js';
import { CreateProgressOutbox1760000050000 } from './migrations/1760000050000-CreateProgressOutbox.js';
import { CreateLearning1760000100000 } from './migrations/1760000100000-CreateLearning.js';
import { RevokedEnrolments1770100000002 } from './migrations/1770100000002-RevokedEnrolments.js';
import { DeadLetters1770200000122 } from './migrations/1770200000122-DeadLetters.js';
import { ParentLinks1770200014000 } from './migrations/1770200014000-ParentLinks.js';
import { QuizAttempts1790015000000 } from './migrations/1790015000000-QuizAttempts.js';
import { CertificatesWithdrawn1790028000000 } from './migrations/1790028000000-CertificatesWithdrawn.js';
import { OutboxRequestId1790015000001 } from './migrations/1790015000001-OutboxRequestId.js';
import { LearnerClass1790030000000 } from './migrations/1790030000000-LearnerClass.js';
import { Doubts1790040000000 } from './migrations/1790040000000-Doubts.js';
import { CourseReviews1790045000000 } from './migrations/1790045000000-CourseReviews.js';
import { Assignments1790050000000 } from './migrations/1790050000000-Assignments.js';
import { EducatorProfiles1790050000001 } from './migrations/1790050000001-EducatorProfiles.js';
import { LectureAnalytics1790050000002 } from './migrations/1790050000002-LectureAnalytics.js';
import { Notifications1790052000000 } from './migrations/1790052000000-Notifications.js';
import { DoubtImages1790052000001 } from './migrations/1790052000001-DoubtImages.js';
import { ChosenRole1790300000000 } from './migrations/1790300000000-ChosenRole.js';
import { ParentAlerts1790300000001 } from './migrations/1790300000001-ParentAlerts.js';
import { ParentThreads1790300000002 } from './migrations/1790300000002-ParentThreads.js';
import { EducatorPhotos1790400000000 } from './migrations/1790400000000-EducatorPhotos.js';
import { LiveClassNotifications1790600000000 } from './migrations/1790600000000-LiveClassNotifications.js';
import { LiveChat1790600000001 } from './migrations/1790600000001-LiveChat.js';
import { PreferredLanguage1790700000000 } from './migrations/1790700000000-PreferredLanguage.js';
import { LiveClassDoubts1790800000010 } from './migrations/1790800000010-LiveClassDoubts.js';
import { CourseAccessSnapshot1790900000000 } from './migrations/1790900000000-CourseAccessSnapshot.js';
import { LinkCode, ParentEmailSettings, ParentLink } from './parents/parent-link.entity.js';
import { QuizAttempt } from './quizzes/quiz-attempt.entity.js';
import { Enrolment } from './users/enrolment.entity.js';
import { User } from './users/user.entity.js';

export const progressEntities = [User, Enrolment, LectureCompletion, PlaybackPosition, CourseRating, Certificate, ParentLink, LinkCode, ParentEmailSettings, QuizAttempt];

/**
 * The `progress` schema: entities and migrations, in order. The outbox table (progress.outbox) is created here
 * once, for every topic of the schema (see ./outbox.ts); other migrations must not create it again.
 */
export const progressDatabase = {
  schema: 'progress',
  entities: progressEntities,
  migrations: [CreateUsersAndEnrolments1760000000000, CreateProgressOutbox1760000050000, CreateLearning1760000100000, RevokedEnrolments1770100000002, DeadLetters1770200000122, ParentLinks1770200014000, QuizAttempts1790015000000, OutboxRequestId1790015000001, CertificatesWithdrawn1790028000000, LearnerClass1790030000000, Doubts1790040000000, CourseReviews1790045000000, Assignments1790050000000, EducatorProfiles1790050000001, LectureAnalytics1790050000002, Notifications1790052000000, DoubtImages1790052000001, ChosenRole1790300000000, ParentAlerts1790300000001, ParentThreads1790300000002, EducatorPhotos1790400000000, LiveClassNotifications1790600000000, LiveChat1790600000001, PreferredLanguage1790700000000, LiveClassDoubts1790800000010, CourseAccessSnapshot1790900000000],
};
