import { OutboxEvents1795716500000 } from './1795716500000-OutboxEvents';

/**
 * The data library's own tables, in every service's schema: every app's migration list includes
 * these. The job queue's tables are the data library's too, but graphile-worker creates and
 * migrates its own schema (`graphile_worker`) when a service starts (migrateJobSchema in
 * jobs/job-runner.ts), outside TypeORM's migrations.
 */
export const DATA_MIGRATIONS: Function[] = [OutboxEvents1795716500000];
