import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { JobHelpers, Task } from 'graphile-worker';
import { Pool, PoolClient } from 'pg';
import { Counter } from 'prom-client';
import type { EntityManager } from 'typeorm';
import { Environment } from '@platform/pipeline/config/environment';
import { serviceMetric } from '@platform/pipeline/metrics/registries';
import { SERVICE_DESCRIPTOR, ServiceDescriptor, ServiceName } from '@platform/contracts/service';
import { retryDelayMs } from './backoff';
import { JobRunner, JobRunnerSettings, migrateJobSchema } from './job-runner';

/** What a handler knows of the job it runs. */
export interface JobContext {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** When the job runs again if this attempt throws; null on the last attempt (it becomes a dead letter). */
  retryAt: Date | null;
  /** Set when the runner shuts down and its grace is running out. */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface TaskOptions {
  /** Runs before the job lands in dead letters (default 10). */
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (capped at an hour), ±20 % (default 1000). */
  retryBaseMs?: number;
  /** At most this many of the task's jobs at once in one process. */
  concurrency?: number;
  /**
   * At most this many of one company's jobs at once across every process: jobs added with a
   * companyId go to one of this many queues of the company (`<task>:<company>:<n>`), each run
   * one job at a time.
   */
  companyConcurrency?: number;
  /** A recurring task: a crontab pattern (`* * * * *` is every minute); its handler gets `{}`. */
  schedule?: string;
}

export interface AddJobOptions {
  /**
   * Fairness: the job's priority is the number of the company's jobs of this task still waiting
   * (counted up to FAIRNESS_DEPTH), so one company's burst runs behind every other company's next job.
   */
  companyId?: string;
  runAt?: Date;
  /** One waiting job per key: adding again replaces the waiting one (a running one is left to finish). */
  jobKey?: string;
  maxAttempts?: number;
  /** Jobs of one queue run one at a time. */
  queueName?: string;
}

/** A task as a runner runs it. */
export interface RegisteredTask {
  name: string;
  run: Task;
  concurrency?: number;
  schedule?: string;
  /** At its per-process concurrency. */
  busy(): boolean;
}

/** The suite's single runner: while set, queues hand their tasks here instead of starting a runner each. */
let processRunner: { tasks: RegisteredTask[]; settings?: JobRunnerSettings; runner?: JobRunner } | undefined;

/**
 * One runner for every app of this process (the one-machine suite): call before the apps are
 * created, then `startProcessJobRunner()` once they are all up and `stopProcessJobRunner()`
 * before they close. Apps started otherwise (alone, or in tests) run a runner each.
 */
export function useOneJobRunnerPerProcess(): void {
  processRunner ??= { tasks: [] };
}

export async function startProcessJobRunner(): Promise<void> {
  if (!processRunner?.settings || processRunner.runner) return;
  processRunner.runner = new JobRunner(processRunner.settings, processRunner.tasks);
  await processRunner.runner.start();
}

export async function stopProcessJobRunner(): Promise<void> {
  await processRunner?.runner?.stop();
}

interface Slots {
  running: number;
  waiting: Array<() => void>;
}

/**
 * The job queue of a service (graphile-worker on the service's PostgreSQL, schema
 * `graphile_worker`, shared by every service). A provider declares its tasks with `handle` (in its
 * constructor or onModuleInit), named `<service>:<task>`, and adds jobs with `add`. Jobs run at
 * least once: a handler must be idempotent. A handler that throws is retried with jittered
 * exponential backoff; once out of attempts the job stays as a dead letter (`jobs:failed`,
 * `jobs:retry`). The service's own rows stay the truth its API shows; the queue only carries the work.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly tasks = new Map<string, RegisteredTask & { options: TaskOptions }>();
  private runner?: JobRunner;
  private addPool?: Pool;

  constructor(
    @Inject(Environment) private readonly env: Environment,
    @Inject(SERVICE_DESCRIPTOR) private readonly service: ServiceDescriptor,
  ) {}

  handle<P>(name: string, handler: JobHandler<P>, options: TaskOptions = {}): void {
    if (!name.startsWith(`${this.service.name}:`)) throw new Error(`task ${name} must be named ${this.service.name}:<task>`);
    if (this.tasks.has(name)) throw new Error(`task ${name} is declared twice`);
    const slots: Slots = { running: 0, waiting: [] };
    const limit = options.concurrency;
    const run: Task = async (payload, helpers) => {
      if (limit !== undefined) await enter(slots, limit);
      try {
        await this.runOnce(name, handler as JobHandler<unknown>, options, payload, helpers);
      } finally {
        if (limit !== undefined) leave(slots);
      }
    };
    this.tasks.set(name, { name, run, concurrency: limit, schedule: options.schedule, busy: () => limit !== undefined && slots.running >= limit, options });
  }

  /**
   * Adds a job. Given a TypeORM EntityManager inside a transaction, the job is inserted on that
   * transaction's connection (`SELECT graphile_worker.add_job(…)`): it exists only if the
   * transaction commits, together with the change it carries out (the outbox relay relies on
   * this). Without one, it is added at once. Answers the job's id.
   */
  async add(task: string, payload: object, options: AddJobOptions = {}, manager?: EntityManager): Promise<string> {
    const declared = this.tasks.get(task)?.options;
    const companyConcurrency = options.companyId && !options.queueName ? (declared?.companyConcurrency ?? 0) : 0;
    const flags = [task, ...(options.companyId ? [companyFlag(options.companyId)] : [])];
    const parameters = [
      task,
      JSON.stringify(payload),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? declared?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      options.jobKey ?? null,
      flags,
      options.companyId ? companyFlag(options.companyId) : null,
      companyConcurrency,
    ];
    const rows: Array<{ id: string }> = manager
      ? await manager.query(ADD_JOB, parameters)
      : (await this.pool().query<{ id: string }>(ADD_JOB, parameters)).rows;
    return String(rows[0].id);
  }

  /**
   * Adds a job for each row that has none, by the job key `<task>:<row id>` its jobs carry (give
   * `jobKey: rowJobKey(task, id)` when adding them): work a row describes but no job carries, as
   * a release before the queue left it. Run at start, after the queue's schema exists; answers
   * how many were added.
   */
  async addMissing(task: string, rows: Array<{ id: string; companyId: string }>, payload: (id: string) => object): Promise<number> {
    if (!rows.length) return 0;
    const keys = rows.map((row) => rowJobKey(task, row.id));
    const { rows: existing } = await this.pool().query<{ key: string }>('SELECT key FROM graphile_worker.jobs WHERE key = ANY($1::text[])', [keys]);
    const carried = new Set(existing.map((job) => job.key));
    const missing = rows.filter((row) => !carried.has(rowJobKey(task, row.id)));
    for (const row of missing) await this.add(task, payload(row.id), { companyId: row.companyId, jobKey: rowJobKey(task, row.id) });
    if (missing.length) this.logger.log(`${task}: queued ${missing.length} job(s) for work written without one`);
    return missing.length;
  }

  /**
   * Completes, without running them, the task's jobs that are due and waiting (not running), at
   * most DROP_WAITING_LIMIT: for a task whose every run does all the work there is (a relay that
   * publishes everything committed), jobs added before this call are done by the run that calls
   * it first. A burst of writes then leaves one job waiting, not one per write. Answers how many went.
   */
  async dropWaiting(task: string): Promise<number> {
    const { rows } = await this.pool().query<{ dropped: number }>(
      `SELECT count(*)::int AS dropped FROM graphile_worker.complete_jobs(ARRAY(
         SELECT id FROM graphile_worker.jobs WHERE task_identifier = $1 AND locked_at IS NULL AND run_at <= now() ORDER BY id LIMIT ${DROP_WAITING_LIMIT}
       ))`,
      [task],
    );
    return rows[0].dropped;
  }

  async onModuleInit(): Promise<void> {
    if (!this.env.DATABASE_URL) return;
    await migrateJobSchema(this.env.DATABASE_URL);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.tasks.size || !this.env.DATABASE_URL) return;
    const settings: JobRunnerSettings = {
      databaseUrl: this.env.DATABASE_URL,
      visibilityTimeoutMs: this.env.JOB_VISIBILITY_TIMEOUT_MS,
      shutdownGraceMs: this.env.JOB_SHUTDOWN_GRACE_MS,
      name: processRunner ? 'suite' : this.service.name,
    };
    if (processRunner) {
      processRunner.settings ??= settings;
      processRunner.tasks.push(...this.tasks.values());
      return;
    }
    this.runner = new JobRunner(settings, [...this.tasks.values()]);
    await this.runner.start();
  }

  /** Waits for the jobs in flight (within JOB_SHUTDOWN_GRACE_MS) before the service's database closes. */
  async onModuleDestroy(): Promise<void> {
    await this.runner?.stop();
    await this.addPool?.end().catch(() => undefined);
  }

  /** This app's runner, when it runs one (tests stop it as a dying process would). */
  get ownRunner(): JobRunner | undefined {
    return this.runner;
  }

  private async runOnce(name: string, handler: JobHandler<unknown>, options: TaskOptions, payload: unknown, helpers: JobHelpers): Promise<void> {
    const { job } = helpers;
    const delayMs = retryDelayMs(job.attempts, options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
    const last = job.attempts >= job.max_attempts;
    const retryAt = new Date(Date.now() + delayMs);
    try {
      await handler(payload, {
        id: String(job.id),
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        retryAt: last ? null : retryAt,
        signal: helpers.abortSignal,
      });
      jobsCounter(this.service.name).inc({ task: name, outcome: 'succeeded' });
    } catch (error) {
      jobsCounter(this.service.name).inc({ task: name, outcome: last ? 'failed' : 'retried' });
      // the last attempt fails for good: graphile-worker keeps the job as a dead letter and logs it
      if (last) throw error;
      // a retry that cannot be scheduled here falls back on graphile-worker's own (exp(attempts) s)
      // the queue's name first: graphile-worker may read it with a client of its own, which must
      // not be asked for while this handler holds one (two failing jobs would each hold a
      // connection of the runner's small pool and wait for another: every worker stalls)
      const queueName = await helpers.getQueueName();
      await helpers.withPgClient((client) => scheduleRetry(client, helpers, retryAt, queueName)).catch(() => Promise.reject(error));
      this.logger.warn(`${name} job ${job.id}: attempt ${job.attempts} of ${job.max_attempts} failed (${describe(error)}); next in ${delayMs} ms`);
    }
  }

  /** For adds outside a transaction: at most 2 connections, closed when idle (5 s, or the pools' idle timeout when shorter). */
  private pool(): Pool {
    if (!this.addPool) {
      const idleTimeoutMillis = Math.min(ADD_POOL_IDLE_MS, this.env.DATABASE_IDLE_TIMEOUT_MS);
      this.addPool = new Pool({
        connectionString: this.env.DATABASE_URL,
        max: 2,
        idleTimeoutMillis,
        application_name: `platform-${this.service.name}-jobs-add`,
      });
      this.addPool.on('error', (error) => this.logger.warn(`job queue connection lost: ${error.message}`));
    }
    return this.addPool;
  }
}

const DEFAULT_MAX_ATTEMPTS = 10;
/** How long an idle connection of the add pool stays open, unless DATABASE_IDLE_TIMEOUT_MS is shorter. */
const ADD_POOL_IDLE_MS = 5000;
/** Waiting jobs `dropWaiting` completes at a time. */
const DROP_WAITING_LIMIT = 1000;
const DEFAULT_RETRY_BASE_MS = 1000;

const companyFlag = (companyId: string) => `company:${companyId}`;

/** The job key of the job that carries the work of one row: one waiting job per row. */
export const rowJobKey = (task: string, rowId: string) => `${task}:${rowId}`;

const JOBS_METRIC = 'jobs_total';

/**
 * The service's jobs run in this process, by task and outcome (succeeded, retried, failed for
 * good), on the service's metrics path. Made at the service's first job rather than as a metric
 * provider of the library: a service that runs no job shows no `jobs_total`, and JobQueue is also
 * provided on its own, without JobsModule (the job queue's tests).
 */
function jobsCounter(service: ServiceName): Counter<'task' | 'outcome'> {
  return serviceMetric(
    service,
    JOBS_METRIC,
    () => new Counter({ name: JOBS_METRIC, help: 'Background jobs run, by task and outcome', labelNames: ['task', 'outcome'], registers: [] }),
  );
}

/**
 * How far a company's backlog is counted: its jobs past the first hundred waiting all get the
 * same priority (behind every company with fewer waiting, in the order they came), so adding to
 * a burst of ten thousand reads a hundred rows, not the burst.
 */
const FAIRNESS_DEPTH = 100;

/**
 * The backlog ($8: the company's flag) is the company's jobs of this task still waiting, up to
 * FAIRNESS_DEPTH; it is the new job's priority, and picks its company queue when the task caps a
 * company's jobs ($9): in turn, and at random past the depth.
 */
const ADD_JOB = `
WITH backlog AS (
  SELECT count(*)::int AS waiting FROM (
    SELECT 1 FROM graphile_worker.jobs
    WHERE $8::text IS NOT NULL AND task_identifier = $1 AND flags ? $8::text AND locked_at IS NULL AND attempts < max_attempts
    LIMIT ${FAIRNESS_DEPTH}
  ) counted
)
SELECT (graphile_worker.add_job(
  $1::text,
  $2::json,
  queue_name => COALESCE($3::text, CASE WHEN $9::int > 0 THEN $1 || ':' || substr($8::text, 9) || ':' || (CASE WHEN backlog.waiting < ${FAIRNESS_DEPTH} THEN backlog.waiting % $9::int ELSE floor(random() * $9::int)::int END) END),
  run_at => $4::timestamptz,
  max_attempts => $5::int,
  job_key => $6::text,
  priority => backlog.waiting,
  flags => $7::text[]
)).id
FROM backlog`;

/**
 * Retries the job at a time of the queue's choosing (the attempt's start plus the backoff): in one
 * transaction, a copy of the job (same task, payload, queue, key, priority, flags) due then, carrying the attempts made,
 * while this one completes. graphile-worker's own retry would wait exp(attempts) seconds, without
 * jitter.
 */
async function scheduleRetry(client: PoolClient, helpers: JobHelpers, runAt: Date, queueName: string | null): Promise<void> {
  const { job } = helpers;
  await client.query('BEGIN');
  try {
    const added = await client.query<{ id: string }>(
      `SELECT (graphile_worker.add_job($1::text, $2::json, queue_name => $3::text, run_at => $4::timestamptz,
         max_attempts => $5::int, job_key => $6::text, priority => $7::int, flags => $8::text[])).id`,
      [job.task_identifier, JSON.stringify(job.payload), queueName, runAt, job.max_attempts, job.key, job.priority, Object.keys(job.flags ?? {})],
    );
    await client.query(`SELECT graphile_worker.reschedule_jobs(ARRAY[$1]::bigint[], attempts => $2::int)`, [added.rows[0].id, job.attempts]);
    await client.query('COMMIT');
  } catch (failure) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw failure;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

async function enter(slots: Slots, limit: number): Promise<void> {
  while (slots.running >= limit) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  slots.running += 1;
}

function leave(slots: Slots): void {
  slots.running -= 1;
  slots.waiting.shift()?.();
}
