import { HEALTH_PING_JOB, HealthPingJob } from '@academy/service-core';

export const PROGRESS_QUEUE = 'progress';

/** Every job of the progress queue; each has exactly one handler (checked when the worker starts). */
export const progressJobNames = [HEALTH_PING_JOB] as const;
export const progressJobHandlers = [HealthPingJob];
