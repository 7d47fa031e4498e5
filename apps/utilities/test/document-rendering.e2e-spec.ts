import { performance } from 'node:perf_hooks';
import { MAX_REPORT_ROWS } from '../src/documents/dto/document-data.dto';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { sleep } from '@test/support/http';
import { DOCUMENTS, finished, JOBS } from './documents-support';

const report = (rows: number, format = 'pdf') => ({
  type: 'financial-report',
  format,
  data: {
    title: `Ledger extract (${rows})`,
    rows: Array.from({ length: rows }, (_, i) => ({ account: `${4000 + i} Account ${i}`, debit: i % 2 ? 0 : (i + 1) * 100, credit: i % 2 ? i * 100 : 0 })),
  },
});
const invoice = (lines: number) => ({
  type: 'invoice',
  format: 'pdf',
  data: {
    number: `INV-${lines}`,
    customer: 'Client',
    currency: 'XAF',
    lines: Array.from({ length: lines }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unitPrice: 100 })),
  },
});

/**
 * GET /healthz/live asked every `everyMs` until `until` settles, each probe sent when due whether
 * or not the last has answered. Its latency counts from when it was due, not from when it was sent:
 * a stalled event loop delays the sending as well, and every probe it delayed then counts the stall.
 */
async function livenessWhile(app: RunningApp, until: Promise<unknown>, everyMs = 50): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const probes: Promise<number>[] = [];
  const start = performance.now();
  for (let probe = 0; !done; probe++) {
    const due = start + probe * everyMs;
    if (due > performance.now()) await sleep(due - performance.now());
    probes.push(
      fetch(`${app.url}/healthz/live`).then(async (response) => {
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        return performance.now() - due;
      }),
    );
  }
  return Promise.all(probes);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];

/** Rendering in worker threads with a size and a time budget, and document jobs shared fairly between companies. */
describe('document rendering', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('takes and renders the largest report a job takes off the event loop: /healthz/live answers within 3 s (p99) all along, where rendering on the event loop held it for 6', async () => {
    // a thread started and its modules loaded: what is measured is the render
    expect((await dev.call(utilities, 'POST', DOCUMENTS, { body: invoice(1) })).status).toBe(201);
    // Measured from the submission on: the request's 40,000 values are checked before it is
    // queued. The body is serialized first, so that the probes time the service, not this client.
    const largest = JSON.stringify(report(MAX_REPORT_ROWS));
    const submitting = dev.call(utilities, 'POST', JOBS, { rawBody: largest });
    const done = submitting.then((accepted) => {
      expect(accepted.status).toBe(202);
      return finished(dev, utilities, accepted.body.data.id, 60_000);
    });
    const latencies = await livenessWhile(utilities, done);
    const job = await done;
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    const document = (await dev.call(utilities, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data;
    expect(document.pageCount).toBeGreaterThan(MAX_REPORT_ROWS / 40);
    // Rendered on the event loop, the same report held it for 6 s on a quiet machine (p99 2.8 s).
    // The bound only catches such a stall: on a shared 2-core machine beside other work, answers
    // of up to 1.9 s were seen with rendering in threads; the bench (scenario 7) measures.
    expect(latencies.length).toBeGreaterThan(20);
    expect(percentile(latencies, 99)).toBeLessThan(3000);
  });

  it('renders at most 500 table rows at once: a larger document is 413 DOCUMENT_TOO_LARGE_FOR_SYNC, pointing to document jobs', async () => {
    expect((await dev.call(utilities, 'POST', DOCUMENTS, { body: report(500, 'xlsx') })).status).toBe(201);

    const tooLarge = await dev.call(utilities, 'POST', DOCUMENTS, { body: report(501) });
    expectError(tooLarge, 413, 'DOCUMENT_TOO_LARGE_FOR_SYNC');
    expect(tooLarge.body.message).toBe(
      'This document has 501 table rows; POST /api/v1/app/documents renders at most 500 at once. Send it to POST /api/v1/app/document-jobs instead.',
    );
    const french = await dev.call(utilities, 'POST', DOCUMENTS, { headers: { 'accept-language': 'fr' }, body: invoice(501) });
    expectError(french, 413, 'DOCUMENT_TOO_LARGE_FOR_SYNC');
    expect(french.body.message).toContain('au plus 500');

    const job = await dev.call(utilities, 'POST', JOBS, { body: report(501) });
    expect(job.status).toBe(202);
    expect(await finished(dev, utilities, job.body.data.id)).toMatchObject({ status: 'succeeded' });
  });

  it('checks rows by their number before reading them, then a slice at a time: each error names its row in the whole list', async () => {
    const empty = MAX_REPORT_ROWS + 1;
    const body = `{"type":"financial-report","format":"pdf","data":{"title":"Empty","rows":[${Array(empty).fill('{}').join(',')}]}}`;
    const sync = await dev.call(utilities, 'POST', DOCUMENTS, { rawBody: body });
    expectError(sync, 413, 'DOCUMENT_TOO_LARGE_FOR_SYNC');
    expect(sync.body.message).toContain(`${empty} table rows`);
    const job = await dev.call(utilities, 'POST', JOBS, { rawBody: body });
    expectError(job, 413, 'DOCUMENT_TOO_LARGE');
    expect(job.body.message).toBe(`This document has ${empty} table rows; at most ${MAX_REPORT_ROWS} can be rendered.`);

    const rows = report(1200).data.rows as Record<string, unknown>[];
    rows[3] = { ...rows[3], memo: 'unknown' };
    rows[1100] = { ...rows[1100], debit: -1 };
    const invalid = await dev.call(utilities, 'POST', JOBS, { body: { ...report(0), data: { rows } } });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.body.errors).toEqual({ 'data.rows.3.memo': ['property memo should not exist'], 'data.rows.1100.debit': ['debit must not be less than 0'] });
  });

  it('stops a render past DOCUMENT_RENDER_TIMEOUT_MS: 422 DOCUMENT_RENDER_TIMEOUT with the limit, for a request and for a job; nothing is stored', async () => {
    // a database of its own: an instance on this file's database would claim the job too, and render it in time
    const own = await TestStack.start({ env: { DOCUMENT_RENDER_TIMEOUT_MS: '10' } });
    try {
      const hasty = await own.startApp(UtilitiesModule, 'utilities');
      const other = await own.developer();
      const refused = await other.call(hasty, 'POST', DOCUMENTS, { body: report(500) });
      expectError(refused, 422, 'DOCUMENT_RENDER_TIMEOUT');
      expect(refused.body.message).toBe('Rendering this document took longer than the 10 ms allowed and was stopped.');
      const accepted = await other.call(hasty, 'POST', JOBS, { headers: { 'accept-language': 'fr' }, body: report(500) });
      expect(await finished(other, hasty, accepted.body.data.id)).toMatchObject({
        status: 'failed',
        documentId: null,
        error: { code: 'DOCUMENT_RENDER_TIMEOUT', message: 'La production de ce document a dépassé les 10 ms autorisées et a été interrompue.' },
      });
      // the terminated thread is replaced: the next render is refused the same way, not stuck
      expectError(await other.call(hasty, 'POST', DOCUMENTS, { body: invoice(1) }), 422, 'DOCUMENT_RENDER_TIMEOUT');
      expect((await other.call(hasty, 'GET', DOCUMENTS)).body.data.total).toBe(0);
    } finally {
      await own.stop();
    }
    expect((await dev.call(utilities, 'POST', DOCUMENTS, { body: invoice(1) })).status).toBe(201);
  });

  it('shares document jobs between companies: one company runs one job at a time, and another company’s job does not wait for its burst', async () => {
    const [burst, single] = [await stack.developer(), await stack.developer()];
    const burstIds: string[] = [];
    // the largest report: each of the burst's jobs takes far longer than the single invoice, whatever the machine's load
    for (let n = 0; n < 4; n++) burstIds.push((await burst.call(utilities, 'POST', JOBS, { body: report(MAX_REPORT_ROWS) })).body.data.id);
    const singleId = (await single.call(utilities, 'POST', JOBS, { body: invoice(3) })).body.data.id;

    const bursts = await Promise.all(burstIds.map((id) => finished(burst, utilities, id, 60_000)));
    const alone = await finished(single, utilities, singleId, 60_000);
    expect([...bursts, alone].map((job) => job.status)).toEqual(Array(5).fill('succeeded'));
    const at = (time: string) => Date.parse(time);
    const byStart = [...bursts].sort((a, b) => at(a.startedAt) - at(b.startedAt));
    for (let n = 1; n < byStart.length; n++) expect(at(byStart[n].startedAt)).toBeGreaterThanOrEqual(at(byStart[n - 1].finishedAt));
    // Claimed oldest first, the single job waited for every job the burst still had queued.
    const queuedBefore = byStart.filter((job) => at(job.startedAt) > at(alone.createdAt));
    expect(queuedBefore.length).toBeGreaterThan(0);
    // At most one of them starts first: the burst's next, claimed by the other worker at the same
    // moment as the single job (each handler records its start a few milliseconds after its claim).
    // Without the turns, the single job would wait for every one of them.
    expect(queuedBefore.filter((job) => at(job.startedAt) < at(alone.startedAt)).length).toBeLessThanOrEqual(1);
    expect(at(alone.finishedAt)).toBeLessThan(at(byStart[3].finishedAt));
  });
});
