import type { Command } from 'commander';
import { Pool } from 'pg';
import { failCli } from '../cli';
import { withSuiteDatabase } from '../database/embedded-postgres';
import { migrateJobSchema } from './job-runner';

export interface DeadLetter {
  id: string;
  task: string;
  queueName: string | null;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date;
}

/** Jobs out of attempts (graphile-worker keeps them, never runs them again), newest first; `prefix` keeps one service's (`payroll:`). */
export async function listDeadLetters(pool: Pool, prefix = ''): Promise<DeadLetter[]> {
  const { rows } = await pool.query<DeadLetter>(
    `SELECT id::text, task_identifier AS task, queue_name AS "queueName", attempts, max_attempts AS "maxAttempts",
            last_error AS "lastError", created_at AS "createdAt", updated_at AS "failedAt"
     FROM graphile_worker.jobs
     WHERE attempts >= max_attempts AND locked_at IS NULL AND starts_with(task_identifier, $1)
     ORDER BY updated_at DESC, id DESC LIMIT 1000`,
    [prefix],
  );
  return rows;
}

/** Runs a dead letter again now, with its attempts counted afresh; false when there is no such dead letter. */
export async function retryDeadLetter(pool: Pool, id: string, prefix = ''): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT graphile_worker.reschedule_jobs(ARRAY[job.id], run_at => now(), attempts => 0)
     FROM graphile_worker.jobs job
     WHERE job.id = $1::bigint AND job.attempts >= job.max_attempts AND job.locked_at IS NULL AND starts_with(job.task_identifier, $2)`,
    [id, prefix],
  );
  if (rows.length) await pool.query(`SELECT pg_notify('jobs:insert', '{"count":1}')`).catch(() => undefined);
  return rows.length > 0;
}

async function withJobsPool<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
  return withSuiteDatabase(async () => {
    await migrateJobSchema(process.env.DATABASE_URL!);
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1, application_name: 'platform-cli-jobs' });
    try {
      return await work(pool);
    } finally {
      await pool.end();
    }
  });
}

/**
 * `jobs:failed` and `jobs:retry <id>` for an operator program: the suite's CLI sees every
 * service's jobs, a service's CLI (`service` given) only its own.
 */
export function addJobCommands(program: Command, service?: string): void {
  const prefix = service ? `${service}:` : '';
  program
    .command('jobs:failed')
    .description(`List background jobs out of attempts (dead letters)${service ? ` of ${service}` : ''}, newest first.`)
    .option('--json', 'print JSON only')
    .action(async (options: { json?: boolean }) => {
      const letters = await withJobsPool((pool) => listDeadLetters(pool, prefix));
      if (options.json) {
        process.stdout.write(JSON.stringify({ items: letters }) + '\n');
        return;
      }
      if (!letters.length) {
        process.stdout.write('No failed jobs.\n');
        return;
      }
      const lines = letters.map(
        (letter) =>
          `${letter.id.padEnd(8)}  ${letter.task.padEnd(36)}  ${`${letter.attempts}/${letter.maxAttempts}`.padEnd(6)}  ${letter.failedAt.toISOString()}  ${(letter.lastError ?? '').split('\n')[0].slice(0, 120)}`,
      );
      process.stdout.write(
        [`${'id'.padEnd(8)}  ${'task'.padEnd(36)}  ${'tries'.padEnd(6)}  ${'failed at'.padEnd(24)}  last error`, ...lines].join('\n') + '\n',
      );
    });
  program
    .command('jobs:retry <id>')
    .description('Run a failed job again now, with its attempts counted afresh.')
    .option('--json', 'print JSON only')
    .action(async (id: string, options: { json?: boolean }) => {
      if (!/^[1-9][0-9]{0,18}$/.test(id)) failCli('<id> must be a job id from jobs:failed');
      const retried = await withJobsPool((pool) => retryDeadLetter(pool, id, prefix));
      if (!retried) failCli(`no failed job ${id}${service ? ` of ${service}` : ''}`);
      process.stdout.write(options.json ? JSON.stringify({ id, retried: true }) + '\n' : `Job ${id} will run again now.\n`);
    });
}
