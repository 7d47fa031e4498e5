import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { Command } from 'commander';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { describeService, SERVICE_DESCRIPTOR } from '@platform/contracts';
import { PlatformConfigModule, serviceMetricsRegistry } from '@platform/pipeline';
import { JobQueue, rowJobKey } from '@platform/data';
import { addJobCommands } from '@platform/devtools';
import { createTestDatabase } from '@test/support/database';

/** What the tasks of one test app saw. */
class Journal {
  readonly runs: Array<{ task: string; payload: Record<string, unknown>; attempt: number; at: number }> = [];
  /** Jobs of `test:hang` wait for this before they end. */
  release!: () => void;
  readonly hanging = new Promise<void>((resolve) => (this.release = resolve));
  shouldFail = true;
}

let journal: Journal;

@Injectable()
class TestTasks {
  constructor(queue: JobQueue) {
    const record = (task: string) => async (payload: Record<string, unknown>, job: { attempt: number }) => {
      journal.runs.push({ task, payload, attempt: job.attempt, at: Date.now() });
    };
    queue.handle('utilities:record', record('record'));
    queue.handle(
      'utilities:fair',
      async (payload: Record<string, unknown>, job) => {
        await record('fair')(payload, job);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
      { concurrency: 1 },
    );
    queue.handle(
      'utilities:flaky',
      async (payload: Record<string, unknown>, job) => {
        await record('flaky')(payload, job);
        if (journal.shouldFail) throw new Error(`provider answered 503 (attempt ${job.attempt})`);
      },
      { maxAttempts: 3, retryBaseMs: 200 },
    );
    queue.handle('utilities:hang', async (payload: Record<string, unknown>, job) => {
      await record('hang')(payload, job);
      await journal.hanging;
    });
    queue.handle('utilities:capped', record('capped'), { companyConcurrency: 1 });
    queue.handle('utilities:slow', async (payload: Record<string, unknown>, job) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await record('slow')(payload, job);
    });
  }
}

@Module({
  imports: [PlatformConfigModule],
  providers: [{ provide: SERVICE_DESCRIPTOR, useValue: describeService('utilities') }, JobQueue, TestTasks],
})
class WorkingApp {}

@Module({
  imports: [PlatformConfigModule],
  providers: [{ provide: SERVICE_DESCRIPTOR, useValue: describeService('utilities') }, JobQueue],
})
class ProducingApp {}

const eventually = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** The queue itself, on a PostgreSQL database of its own: transactions, retries, dead letters, crashes, fairness, shutdown. */
describe('job queue', () => {
  let drop: () => Promise<void>;
  let url: string;
  let db: Client;
  let dataSource: DataSource;
  const contexts: INestApplicationContext[] = [];
  const saved = { ...process.env };

  const start = async (module: Type, env: Record<string, string> = {}) => {
    Object.assign(process.env, { DATABASE_URL: url, JOB_VISIBILITY_TIMEOUT_MS: '1500', JOB_SHUTDOWN_GRACE_MS: '5000', ...env });
    const context = await NestFactory.createApplicationContext(module, { logger: ['error'] });
    await context.init();
    contexts.push(context);
    return context;
  };
  const stopAll = async () => {
    for (const context of contexts.splice(0)) await context.close();
  };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    db = new Client({ connectionString: url });
    await db.connect();
    dataSource = await new DataSource({ type: 'postgres', url, extra: { max: 2 } }).initialize();
  });
  beforeEach(() => {
    journal = new Journal();
  });
  afterEach(async () => {
    journal.release();
    await stopAll();
    await db.query('DELETE FROM graphile_worker._private_jobs');
  });
  afterAll(async () => {
    process.env = saved;
    await dataSource.destroy();
    await db.end();
    await drop();
  });

  it('a job added in a transaction runs only if the transaction commits', async () => {
    const app = await start(WorkingApp);
    const queue = app.get(JobQueue);
    await dataSource
      .transaction(async (manager) => {
        await queue.add('utilities:record', { n: 'rolled back' }, {}, manager);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await dataSource.transaction((manager) => queue.add('utilities:record', { n: 'committed' }, {}, manager));
    await eventually(() => journal.runs.length >= 1, 5000, 'the committed job');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(journal.runs.map((run) => run.payload.n)).toEqual(['committed']);
    expect((await db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs')).rows[0].n).toBe(0);
  });

  it('starts a job at once (LISTEN/NOTIFY), not at the next poll', async () => {
    const app = await start(WorkingApp);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const added = Date.now();
    await app.get(JobQueue).add('utilities:record', { n: 1 });
    await eventually(() => journal.runs.length === 1, 5000, 'the job');
    expect(journal.runs[0].at - added).toBeLessThan(500);
  });

  it('retries a failing job with jittered backoff; out of attempts it is a dead letter, listed and retried by the CLI', async () => {
    const app = await start(WorkingApp);
    await app.get(JobQueue).add('utilities:flaky', { n: 'flaky' });
    await eventually(() => journal.runs.length === 3, 15_000, 'three attempts');
    expect(journal.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = journal.runs.map((run) => run.at);
    // base 200 ms ±20 %, then doubled
    expect(second - first).toBeGreaterThanOrEqual(160);
    expect(third - second).toBeGreaterThanOrEqual(320);

    const output = await cli(['jobs:failed', '--json']);
    const [letter] = JSON.parse(output).items;
    expect(letter).toMatchObject({
      task: 'utilities:flaky',
      attempts: 3,
      maxAttempts: 3,
      lastError: expect.stringContaining('provider answered 503 (attempt 3)'),
    });
    expect(await cli(['jobs:failed'])).toContain('utilities:flaky');

    journal.shouldFail = false;
    expect(JSON.parse(await cli(['jobs:retry', letter.id, '--json']))).toEqual({ id: letter.id, retried: true });
    await eventually(() => journal.runs.length === 4, 5000, 'the retried job');
    await eventually(async () => JSON.parse(await cli(['jobs:failed', '--json'])).items.length === 0, 5000, 'no dead letters');
    const counted = await serviceMetricsRegistry('utilities').getSingleMetricAsString('jobs_total');
    for (const outcome of ['retried', 'failed', 'succeeded'])
      expect(counted).toMatch(new RegExp(`jobs_total\\{task="utilities:flaky",outcome="${outcome}"\\} [1-9]`));
  });

  it('jobs of named queues failing at once are each retried, and the runner goes on with other jobs', async () => {
    const app = await start(WorkingApp);
    const queue = app.get(JobQueue);
    // each on a queue of its own: its retry reads the queue's name, which graphile-worker has not cached yet
    for (let n = 0; n < 6; n++) await queue.add('utilities:flaky', { n }, { queueName: `flaky-${n}` });
    await eventually(() => journal.runs.filter((run) => run.task === 'flaky').length >= 12, 15_000, 'six failing jobs retried');
    await queue.add('utilities:record', { after: 'failures' });
    await eventually(() => journal.runs.some((run) => run.task === 'record'), 5000, 'another job to run');
    await eventually(() => journal.runs.filter((run) => run.task === 'flaky').length === 18, 15_000, 'every attempt of the six');
    const attempts = journal.runs
      .filter((run) => run.task === 'flaky')
      .map((run) => `${run.payload.n}:${run.attempt}`)
      .sort();
    expect(attempts).toEqual(
      Array.from({ length: 6 }, (_, n) => [1, 2, 3].map((attempt) => `${n}:${attempt}`))
        .flat()
        .sort(),
    );
  });

  it('a job whose runner died is run again by another within the visibility timeout', async () => {
    const dying = await start(WorkingApp);
    await dying.get(JobQueue).add('utilities:hang', { n: 'orphan' });
    await eventually(() => journal.runs.length === 1, 5000, 'the job to start');
    const died = Date.now();
    await dying.get(JobQueue).ownRunner!.silence();

    const other = await start(WorkingApp);
    await eventually(() => journal.runs.length === 2, 10_000, 'the job to run again');
    const seenAgain = journal.runs[1].at - died;
    expect(seenAgain).toBeGreaterThanOrEqual(1500);
    // the timeout, then one beat of the other runner (a third of the timeout) and a poll
    expect(seenAgain).toBeLessThan(1500 + 500 + 1000 + 1000);
    expect(journal.runs[1]).toMatchObject({ task: 'hang', attempt: 2 });
    void other;
  });

  it('one company’s burst cannot starve another: B’s one job runs before most of A’s', async () => {
    const producer = await start(ProducingApp);
    const queue = producer.get(JobQueue);
    for (let n = 0; n < 20; n++) await queue.add('utilities:fair', { company: 'A', n }, { companyId: '00000000-0000-4000-8000-00000000000a' });
    await queue.add('utilities:fair', { company: 'B', n: 0 }, { companyId: '00000000-0000-4000-8000-00000000000b' });
    await start(WorkingApp);
    await eventually(() => journal.runs.filter((run) => run.task === 'fair').length === 21, 15_000, 'every job');
    const order = journal.runs.filter((run) => run.task === 'fair').map((run) => `${run.payload.company}${run.payload.n}`);
    expect(order.indexOf('B0')).toBeLessThanOrEqual(2);
  });

  it('counts a company’s backlog up to a hundred: the tail of a larger burst shares the last priority, behind every other company', async () => {
    const queue = (await start(ProducingApp)).get(JobQueue);
    for (let n = 0; n < 105; n++) await queue.add('utilities:fair', { company: 'A', n }, { companyId: '00000000-0000-4000-8000-00000000000a' });
    await queue.add('utilities:fair', { company: 'B', n: 0 }, { companyId: '00000000-0000-4000-8000-00000000000b' });
    const { rows } = await db.query<{ company: string; priority: number; jobs: number }>(
      `SELECT job.payload->>'company' AS company, job.priority, count(*)::int AS jobs FROM graphile_worker._private_jobs job
       JOIN graphile_worker._private_tasks task ON task.id = job.task_id WHERE task.identifier = 'utilities:fair' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const a = rows.filter((row) => row.company === 'A');
    expect(a).toHaveLength(101);
    expect(a[0]).toEqual({ company: 'A', priority: 0, jobs: 1 });
    expect(a[100]).toEqual({ company: 'A', priority: 100, jobs: 5 });
    expect(rows.filter((row) => row.company === 'B')).toEqual([{ company: 'B', priority: 0, jobs: 1 }]);
  });

  it('the queues of companies with no jobs left are removed by the hourly cleanup', async () => {
    const queue = (await start(WorkingApp)).get(JobQueue);
    await queue.add('utilities:capped', { n: 1 }, { companyId: '00000000-0000-4000-8000-00000000000a' });
    await queue.add('utilities:capped', { n: 2 }, { companyId: '00000000-0000-4000-8000-00000000000b' });
    await eventually(() => journal.runs.filter((run) => run.task === 'capped').length === 2, 5000, 'both jobs');
    const queues = async () => (await db.query(`SELECT 1 FROM graphile_worker._private_job_queues WHERE queue_name LIKE 'utilities:capped:%'`)).rowCount;
    expect(await queues()).toBe(2);
    const cron = await db.query(`SELECT identifier FROM graphile_worker._private_known_crontabs WHERE identifier = 'jobs:gc-queues'`);
    expect(cron.rowCount).toBe(1);
    await db.query(`SELECT graphile_worker.add_job('jobs:gc-queues')`);
    await eventually(async () => (await queues()) === 0, 5000, 'the cleanup');
  });

  it('gives a job to rows written without one, once', async () => {
    const queue = (await start(ProducingApp)).get(JobQueue);
    const rows = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'].map((id) => ({
      id,
      companyId: '00000000-0000-4000-8000-00000000000a',
    }));
    await queue.add('utilities:record', { n: rows[0].id }, { jobKey: rowJobKey('utilities:record', rows[0].id) });
    expect(await queue.addMissing('utilities:record', rows, (id) => ({ n: id }))).toBe(1);
    expect(await queue.addMissing('utilities:record', rows, (id) => ({ n: id }))).toBe(0);
    await start(WorkingApp);
    await eventually(() => journal.runs.length === 2, 5000, 'both jobs');
    expect(journal.runs.map((run) => run.payload.n).sort()).toEqual(rows.map((row) => row.id));
  });

  it("drops the waiting jobs of a task whose run does all the work, not those due later nor other tasks' ones", async () => {
    const queue = (await start(ProducingApp)).get(JobQueue);
    for (let n = 0; n < 3; n++) await queue.add('utilities:record', { n }, { queueName: 'utilities:relay' });
    await queue.add('utilities:record', { n: 'later' }, { runAt: new Date(Date.now() + 60_000) });
    await queue.add('utilities:flaky', { n: 'other' });
    expect(await queue.dropWaiting('utilities:record')).toBe(3);
    expect(await queue.dropWaiting('utilities:record')).toBe(0);
    const { rows } = await db.query(
      `SELECT task.identifier AS task, job.payload FROM graphile_worker._private_jobs job JOIN graphile_worker._private_tasks task ON task.id = job.task_id ORDER BY job.id`,
    );
    expect(rows).toEqual([
      { task: 'utilities:record', payload: { n: 'later' } },
      { task: 'utilities:flaky', payload: { n: 'other' } },
    ]);
  });

  it('shutdown waits for the job in flight', async () => {
    const app = await start(WorkingApp);
    await app.get(JobQueue).add('utilities:slow', { n: 'slow' });
    await eventually(
      async () => (await db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL')).rows[0].n === 1,
      5000,
      'the job to start',
    );
    await stopAll();
    expect(journal.runs.map((run) => run.payload.n)).toEqual(['slow']);
    expect((await db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs')).rows[0].n).toBe(0);
  });
});

/** Runs an operator command of the suite's CLI in this process; answers what it printed. */
async function cli(args: string[]): Promise<string> {
  const program = new Command().exitOverride();
  addJobCommands(program);
  let printed = '';
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((printed += String(chunk)), true));
  try {
    await program.parseAsync(['node', 'cli', ...args]);
  } finally {
    write.mockRestore();
  }
  return printed;
}
