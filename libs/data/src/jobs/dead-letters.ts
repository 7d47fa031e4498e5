import { Pool } from 'pg';

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
