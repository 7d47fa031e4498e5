import { MAX_REPORT_ROWS } from '../src/documents/dto/document-data.dto';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '../../../test/support/stack';
import { DOCUMENTS, finished, JOBS } from './documents-support';

const report = (rows: number, format = 'pdf') => ({
  type: 'financial-report',
  format,
  data: { title: `Ledger extract (${rows})`, rows: Array.from({ length: rows }, (_, i) => ({ account: `${4000 + i} Account ${i}`, debit: i % 2 ? 0 : (i + 1) * 100, credit: i % 2 ? i * 100 : 0 })) },
});
const invoice = (lines: number) => ({
  type: 'invoice',
  format: 'pdf',
  data: { number: `INV-${lines}`, customer: 'Client', currency: 'XAF', lines: Array.from({ length: lines }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unitPrice: 100 })) },
});

/** How large a document may be, rendered at once or as a job. */
describe('document rendering', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start({ env: { DOCUMENT_JOB_POLL_MS: '50' } });
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  it('renders at most 500 table rows at once: a larger document is 413 DOCUMENT_TOO_LARGE_FOR_SYNC, pointing to document jobs', async () => {
    expect((await dev.call(utilities, 'POST', DOCUMENTS, { body: report(500, 'xlsx') })).status).toBe(201);

    const tooLarge = await dev.call(utilities, 'POST', DOCUMENTS, { body: report(501) });
    expectError(tooLarge, 413, 'DOCUMENT_TOO_LARGE_FOR_SYNC');
    expect(tooLarge.body.message).toBe('This document has 501 table rows; POST /api/v1/app/documents renders at most 500 at once. Send it to POST /api/v1/app/document-jobs instead.');
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
});
