import type { Command } from 'commander';
import { listDeadLetters, retryDeadLetter } from '@platform/data';
import { migrateJobSchema } from '@platform/data/jobs/job-runner';
import { Pool } from 'pg';
import { failCli } from './cli';
import { withSuiteDatabase } from './embedded-postgres';

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
