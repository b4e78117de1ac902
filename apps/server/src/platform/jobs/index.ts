export { type Cron, parseCron } from './cron.ts';
export type { DefineOptions, EnqueueOptions, FailedJob, JobContext, JobHandler, Jobs } from './jobs.port.ts';
export { openJobs } from './open-jobs.ts';
