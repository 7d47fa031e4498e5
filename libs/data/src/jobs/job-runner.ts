import { Logger as NestLogger } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Logger as WorkerLogger, makeWorkerUtils, parseCronItems, run, Runner, TaskList, WorkerEvents } from 'graphile-worker';
import { Pool } from 'pg';
import { FailureLog } from '@platform/pipeline/logging/failure-log';
import type { RegisteredTask } from './job-queue';

/** Connections of a runner's own pool: its LISTEN connection, and the job fetches and releases. */
const RUNNER_POOL_SIZE = 3;
/** New jobs come by LISTEN/NOTIFY; polling only finds jobs whose run_at came (retries, runAt). */
const POLL_INTERVAL_MS = 1000;
/**
 * The most jobs a runner runs at once, whatever its tasks' limits add up to: each of graphile-
 * worker's workers polls once a second when idle, and the one-machine suite's runner serves every
 * app's tasks (about 40 workers, 40 queries a second at rest, before this cap).
 */
const MAX_WORKERS = 8;
/**
 * graphile-worker keeps a row per named queue forever; per-company queues (a task that caps a
 * company's jobs runs each company's on queues of its own) would pile up. Every runner schedules
 * this cleanup; graphile-worker's cron runs one of them per slot, however many runners there are.
 */
export const QUEUE_CLEANUP_TASK = 'jobs:gc-queues';
const QUEUE_CLEANUP_SCHEDULE = '23 * * * *';

export interface JobRunnerSettings {
  databaseUrl: string;
  visibilityTimeoutMs: number;
  shutdownGraceMs: number;
  /** Names the runner's connections (`application_name`). */
  name: string;
}

const migrated = new Map<string, Promise<void>>();

/**
 * Creates graphile-worker's schema (`graphile_worker`, under graphile-worker's own migration
 * lock) and the runners' heartbeat table, once per process and database.
 */
export function migrateJobSchema(databaseUrl: string): Promise<void> {
  let done = migrated.get(databaseUrl);
  if (!done) {
    done = (async () => {
      const pool = new Pool({ connectionString: databaseUrl, max: 1, application_name: 'platform-jobs-migrate' });
      const ignore = () => undefined;
      pool.on('error', ignore);
      pool.on('connect', (client) => client.on('error', ignore));
      try {
        const utils = await makeWorkerUtils({ pgPool: pool, logger: workerLogger(new NestLogger('JobQueue')) });
        await utils.migrate();
        await utils.release();
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`SELECT pg_advisory_xact_lock(hashtext('platform-jobs-heartbeats'))`);
          await client.query('CREATE SCHEMA IF NOT EXISTS jobs');
          await client.query('CREATE TABLE IF NOT EXISTS jobs.runner_heartbeats (runner_id text PRIMARY KEY, beat_at timestamptz NOT NULL)');
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      } finally {
        await pool.end();
      }
    })();
    done.catch(() => migrated.delete(databaseUrl));
    migrated.set(databaseUrl, done);
  }
  return done;
}

/**
 * One graphile-worker runner for a set of tasks, on a pool of its own (RUNNER_POOL_SIZE
 * connections). Besides graphile-worker's runner it keeps the queue's visibility timeout: the
 * runner's pool id (what graphile-worker writes into `locked_by`) beats in
 * `jobs.runner_heartbeats` every third of the timeout, and each beat also unlocks, with
 * `graphile_worker.force_unlock_workers`, the jobs of runners that stopped beating (a process
 * that died holds its jobs for the timeout, not graphile-worker's four hours).
 */
export class JobRunner {
  private readonly logger = new NestLogger('JobRunner');
  private readonly failures = new FailureLog(this.logger);
  private readonly pool: Pool;
  private runner?: Runner;
  private poolIds: string[] = [];
  private beat?: NodeJS.Timeout;
  private beating?: Promise<void>;
  private stopping?: Promise<void>;
  private silent = false;

  constructor(
    private readonly settings: JobRunnerSettings,
    private readonly tasks: RegisteredTask[],
  ) {
    this.pool = new Pool({ connectionString: settings.databaseUrl, max: RUNNER_POOL_SIZE, application_name: `platform-${settings.name}-jobs` });
    // an idle or checked-out connection that breaks is logged, not thrown into the process
    const lost = (error: Error) => this.logger.warn(`job runner connection lost: ${error.message}`);
    this.pool.on('error', lost);
    this.pool.on('connect', (client) => client.on('error', lost));
  }

  get taskNames(): string[] {
    return this.tasks.map((task) => task.name);
  }

  async start(): Promise<void> {
    await migrateJobSchema(this.settings.databaseUrl);
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:create', ({ workerPool }) => {
      this.poolIds.push(workerPool.id);
      void this.heartbeat();
    });
    const utils = await makeWorkerUtils({ pgPool: this.pool, logger: workerLogger(this.logger) });
    const taskList: TaskList = {
      ...Object.fromEntries(this.tasks.map((task) => [task.name, task.run])),
      // queues without jobs (and nothing locked on them) go; the dead letters stay (they are listed and retried)
      [QUEUE_CLEANUP_TASK]: () => utils.cleanup({ tasks: ['GC_JOB_QUEUES'] }),
    };
    const limited = this.tasks.filter((task) => task.concurrency !== undefined);
    this.runner = await run({
      pgPool: this.pool,
      taskList,
      parsedCronItems: parseCronItems(
        [
          ...this.tasks.filter((task) => task.schedule).map((task) => ({ task: task.name, match: task.schedule! })),
          { task: QUEUE_CLEANUP_TASK, match: QUEUE_CLEANUP_SCHEDULE },
        ].map((item) => ({ ...item, identifier: item.task, options: { backfillPeriod: 0, maxAttempts: 1, jobKey: item.task } })),
      ),
      concurrency: Math.min(
        MAX_WORKERS,
        this.tasks.reduce((sum, task) => sum + (task.concurrency ?? 2), 0),
      ),
      // a task at its per-process limit is not fetched (its jobs carry its name as a flag)
      forbiddenFlags: limited.length ? () => limited.filter((task) => task.busy()).map((task) => task.name) : undefined,
      noHandleSignals: true,
      pollInterval: POLL_INTERVAL_MS,
      gracefulShutdownAbortTimeout: this.settings.shutdownGraceMs,
      logger: workerLogger(this.logger),
      events,
    });
    this.beat = setInterval(() => void this.heartbeat(), Math.max(250, Math.floor(this.settings.visibilityTimeoutMs / 3)));
    this.beat.unref();
    await this.heartbeat();
  }

  /**
   * Stops fetching jobs and waits for those in flight, at most JOB_SHUTDOWN_GRACE_MS; jobs still
   * running then are unlocked for other runners (they may finish here too: handlers are
   * idempotent, as every at-least-once job must be).
   */
  stop(): Promise<void> {
    this.stopping ??= this.halt();
    return this.stopping;
  }

  /**
   * Stops beating and nothing else, as a process that hung or died would look to the others:
   * its jobs stay locked until another runner's sweep unlocks them (tests of the visibility timeout).
   */
  async silence(): Promise<void> {
    this.silent = true;
    clearInterval(this.beat);
    await this.beating;
  }

  private async halt(): Promise<void> {
    clearInterval(this.beat);
    await this.beating;
    if (!this.runner) return void (await this.pool.end().catch(() => undefined));
    let timer: NodeJS.Timeout | undefined;
    const stopped = this.runner.stop().then(
      () => true,
      (error: unknown) => (this.logger.warn(`job runner stopped with an error: ${(error as Error).message}`), true),
    );
    const graceOver = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.settings.shutdownGraceMs)));
    const finished = await Promise.race([stopped, graceOver]);
    clearTimeout(timer);
    try {
      if (!finished) {
        this.logger.warn(`jobs still running after ${this.settings.shutdownGraceMs} ms; unlocked for other runners`);
        await this.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [this.poolIds]);
      }
      await this.pool.query('DELETE FROM jobs.runner_heartbeats WHERE runner_id = ANY($1::text[])', [this.poolIds]);
    } catch (error) {
      this.logger.warn(`job runner could not clean up: ${(error as Error).message}`);
    }
    // jobs still running go on releasing themselves through the pool: it ends once they have
    if (finished) await this.pool.end().catch(() => undefined);
    else void stopped.then(() => this.pool.end()).catch(() => undefined);
  }

  private heartbeat(): Promise<void> {
    this.beating ??= this.beatOnce().finally(() => (this.beating = undefined));
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    if (!this.poolIds.length || this.silent) return;
    const timeout = this.settings.visibilityTimeoutMs;
    try {
      await this.pool.query(
        `INSERT INTO jobs.runner_heartbeats (runner_id, beat_at) SELECT unnest($1::text[]), now()
         ON CONFLICT (runner_id) DO UPDATE SET beat_at = excluded.beat_at`,
        [this.poolIds],
      );
      const { rows } = await this.pool.query<{ runner: string }>(
        `SELECT DISTINCT job.locked_by AS runner FROM graphile_worker.jobs job
         WHERE job.locked_by IS NOT NULL AND job.locked_at < now() - $1 * interval '1 millisecond'
           AND NOT EXISTS (SELECT 1 FROM jobs.runner_heartbeats beat WHERE beat.runner_id = job.locked_by AND beat.beat_at > now() - $1 * interval '1 millisecond')`,
        [timeout],
      );
      if (rows.length) {
        const dead = rows.map((row) => row.runner);
        await this.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
        this.logger.warn(`unlocked the jobs of runners silent for ${timeout} ms: ${dead.join(', ')}`);
      }
      await this.pool.query(`DELETE FROM jobs.runner_heartbeats WHERE beat_at < now() - interval '1 day'`);
      this.failures.succeeded('job heartbeat');
    } catch (error) {
      this.failures.failed('job heartbeat', `job runner heartbeat failed: ${(error as Error).message}`);
    }
  }
}

/**
 * graphile-worker's log lines through the service's logger; a job's success is not worth a line,
 * nor the warning that the pool is smaller than the concurrency (it is, on purpose: jobs use the
 * service's own connections, the runner's only fetch and release them).
 */
function workerLogger(logger: NestLogger): WorkerLogger {
  return new WorkerLogger(() => (level, message) => {
    if (level === 'error') logger.error(message);
    else if (level === 'warning' && !message.includes('smaller than concurrency')) logger.warn(message);
    else if (level === 'info' && !message.startsWith('Completed task')) logger.debug?.(message);
  });
}
