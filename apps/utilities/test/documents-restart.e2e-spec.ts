import { Client } from 'pg';
import { UtilitiesModule } from '../src/utilities.module';
import { RunningApp, TestStack } from '@test/support/stack';
import { eventually } from './channel-servers';
import { DOCUMENTS, finished, JOBS } from './documents-support';

/** A report long enough (~40 pages) that rendering it takes a noticeable moment. */
const longReport = (n: number) => ({
  type: 'financial-report',
  format: 'pdf',
  data: {
    title: `Ledger extract ${n}`,
    rows: Array.from({ length: 1500 }, (_, i) => ({ account: `${4000 + i} Account ${i}`, debit: i % 2 ? 0 : (i + 1) * 100, credit: i % 2 ? i * 100 : 0 })),
  },
});

/** Document jobs across instances on one database: what one leaves waiting the next renders, once. */
describe('document jobs across restarts', () => {
  let stack: TestStack;
  let db: Client;

  beforeAll(async () => {
    stack = await TestStack.start();
    db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await stack.stop();
  });

  const statuses = async (ids: string[]) =>
    (
      await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM utilities.document_jobs WHERE id = ANY($1) GROUP BY status', [ids])
    ).rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.status]: row.n }), {});

  it('jobs still queued when the app stops are rendered by a new instance, at most DOCUMENT_JOB_CONCURRENCY at a time', async () => {
    // its close waits for the render in flight, however slow a busy machine makes it
    const first: RunningApp = await stack.startApp(UtilitiesModule, 'utilities', { DOCUMENT_JOB_CONCURRENCY: '1', JOB_SHUTDOWN_GRACE_MS: '60000' });
    const dev = await stack.developer();
    const accepted = await Promise.all(Array.from({ length: 6 }, (_, n) => dev.call(first, 'POST', JOBS, { body: longReport(n) })));
    expect(accepted.map((a) => a.status)).toEqual(Array(6).fill(202));
    const ids = accepted.map((a) => a.body.data.id as string);
    await first.close();

    // the job in flight finished before the app closed; the others wait in the table
    const left = await statuses(ids);
    expect(left.running).toBeUndefined();
    expect(left.queued).toBeGreaterThanOrEqual(1);

    // one company's jobs: the instance's bound is measured, not the company's
    const second = await stack.startApp(UtilitiesModule, 'utilities', { DOCUMENT_JOB_CONCURRENCY: '2', DOCUMENT_JOB_COMPANY_CONCURRENCY: '6' });
    let mostRunning = 0;
    await eventually(
      async () => {
        const now = await statuses(ids);
        mostRunning = Math.max(mostRunning, now.running ?? 0);
        return now.succeeded === ids.length;
      },
      60_000,
      'every job to succeed',
    );
    expect(mostRunning).toBeLessThanOrEqual(2);
    for (const id of ids) {
      const job = (await dev.call(second, 'GET', `${JOBS}/${id}`)).body.data;
      expect(job).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, error: null });
      expect((await dev.call(second, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data).toMatchObject({ jobId: id, pageCount: expect.any(Number) });
    }
    await second.close();
  });

  it('a job left running by an instance that died is run again once the visibility timeout lapses; one that keeps dying fails', async () => {
    const dev = await stack.developer();
    const request = JSON.stringify({ ...longReport(0), locale: 'en-CM' });
    // a job row and its queue job, locked by a runner that has stopped beating (its process died)
    const insert = async (attempts: number) => {
      const id = (
        await db.query<{ id: string }>(
          `INSERT INTO utilities.document_jobs (company_id, status, progress, attempts, request, started_at)
           VALUES ($1, 'running', 40, $2, $3, now()) RETURNING id`,
          [dev.organizationId, attempts, request],
        )
      ).rows[0].id;
      // added and locked in one transaction: no runner hears of the job before it is locked
      await db.query('BEGIN');
      const job = (
        await db.query<{ id: string }>(
          `SELECT (graphile_worker.add_job('utilities:render-document', json_build_object('jobId', $1::text), max_attempts => 4)).id`,
          [id],
        )
      ).rows[0].id;
      await db.query(`UPDATE graphile_worker._private_jobs SET locked_by = 'runner-that-died', locked_at = now(), attempts = $2 WHERE id = $1`, [
        job,
        attempts,
      ]);
      await db.query('COMMIT');
      return id;
    };
    const app = await stack.startApp(UtilitiesModule, 'utilities', { JOB_VISIBILITY_TIMEOUT_MS: '1500' });
    const orphan = await insert(1);
    const doomed = await insert(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await dev.call(app, 'GET', `${JOBS}/${orphan}`)).body.data).toMatchObject({ status: 'running', attempts: 1, progress: 40 });

    expect(await finished(dev, app, orphan)).toMatchObject({ status: 'succeeded', attempts: 2, documentId: expect.any(String) });
    expect(await finished(dev, app, doomed)).toMatchObject({
      status: 'failed',
      attempts: 4,
      documentId: null,
      error: { code: 'INTERNAL_ERROR', message: expect.any(String) },
    });
    await app.close();
  });

  it('two instances on one database render each job exactly once', async () => {
    const settings = { DOCUMENT_JOB_CONCURRENCY: '2' };
    const [a, b] = [await stack.startApp(UtilitiesModule, 'utilities', settings), await stack.startApp(UtilitiesModule, 'utilities', settings)];
    try {
      const dev = await stack.developer();
      const invoice = (n: number) => ({
        type: 'invoice',
        format: n % 2 ? 'xlsx' : 'pdf',
        data: { number: `INV-${n}`, customer: 'Client', currency: 'XAF', lines: [{ description: 'Service', quantity: 1, unitPrice: 1000 * n }] },
      });
      const accepted = await Promise.all(Array.from({ length: 12 }, (_, n) => dev.call(n % 2 ? a : b, 'POST', JOBS, { body: invoice(n) })));
      const ids = accepted.map((r) => r.body.data.id as string);
      await eventually(async () => (await statuses(ids)).succeeded === ids.length, 30_000, 'every job');
      const documents = await db.query<{ job_id: string }>('SELECT job_id FROM utilities.documents WHERE job_id = ANY($1)', [ids]);
      expect(documents.rows.map((row) => row.job_id).sort()).toEqual([...ids].sort());
      const attempts = await db.query<{ attempts: number }>('SELECT attempts FROM utilities.document_jobs WHERE id = ANY($1)', [ids]);
      expect(attempts.rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
