import JSZip from 'jszip';
import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { PayrollModule } from '../../payroll/src/payroll.module';
import { handWorkedCompany, MARCH } from '../../payroll/test/hand-worked-month';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, RunningApp, TestStack } from '@test/support/stack';
import { eventually } from './channel-servers';
import { DOCUMENTS, download, finished, JOBS, pdfText, seedPayslips } from './documents-support';

jest.setTimeout(300_000);

/** Past a few of payroll's pages of payslips and many rounds of the render threads. */
const PAYSLIPS = 1_500;

describe('a payslip ZIP of a large run', () => {
  let stack: TestStack;
  let payroll: RunningApp;
  let utilities: RunningApp;
  let dev: Developer;
  let runId: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    const hr = await stack.startApp(HrModule, 'hr');
    const books = await stack.startApp(BooksModule, 'books');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, BOOKS_URL: books.url });
    utilities = await stack.startApp(UtilitiesModule, 'utilities', { PAYROLL_URL: payroll.url, BOOKS_URL: books.url, HR_URL: hr.url });
    ({ dev } = await handWorkedCompany(stack, hr));
    const run = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH });
    expect(run.status).toBe(201);
    runId = run.body.data.id;
    await seedPayslips(payroll, runId, PAYSLIPS - 3);
  });
  afterAll(() => stack.stop());

  it(`holds one PDF per payslip of a ${PAYSLIPS.toLocaleString('en')}-payslip run, named by employee, with progress on the way`, async () => {
    const accepted = await dev.call(utilities, 'POST', JOBS, {
      body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, companyName: 'Acme Cameroun SARL' } },
    });
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.id as string;

    // followed closely: the progress it shows between queued and done
    const seen = new Set<number>();
    let job: { status: string; progress: number; documentId: string | null; error: unknown };
    for (;;) {
      job = (await dev.call(utilities, 'GET', `${JOBS}/${jobId}`)).body.data;
      seen.add(job.progress);
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, error: null });
    const between = [...seen].filter((progress) => progress > 10 && progress < 90);
    expect(between.length).toBeGreaterThanOrEqual(2);

    const document = (await dev.call(utilities, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data;
    expect(document).toMatchObject({
      type: 'payslip',
      format: 'zip',
      filename: `payslips-2026-03-${runId.slice(0, 8)}.zip`,
      title: `Payslip — March 2026 (${PAYSLIPS})`,
    });
    const content = await download(dev, utilities, document.id);
    expect(content.status).toBe(200);
    const zip = await JSZip.loadAsync(content.bytes);
    const names = Object.keys(zip.files);
    const scaled = Array.from({ length: PAYSLIPS - 3 }, (_, n) => `payslip-2026-03-s-${String(n + 1).padStart(5, '0')}.pdf`);
    expect(names).toHaveLength(PAYSLIPS);
    expect(new Set(names).size).toBe(PAYSLIPS);
    expect(names.filter((name) => /^payslip-2026-03-e-[0-9a-f]{8}\.pdf$/.test(name))).toHaveLength(3);
    expect(names.filter((name) => name.startsWith('payslip-2026-03-s-')).sort()).toEqual(scaled);
    // in payroll's order, by employee name: Amina A, Bruno B, Chantal C, then Scale 00001…
    expect(names.slice(3)).toEqual(scaled);
    expect(document.source.entries).toEqual(names);

    for (const name of names) expect((await zip.file(name)!.async('nodebuffer')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const n of [1, 750, PAYSLIPS - 3]) {
      const number = String(n).padStart(5, '0');
      const text = pdfText(await zip.file(`payslip-2026-03-s-${number}.pdf`)!.async('nodebuffer'));
      for (const expected of ['Acme Cameroun SARL', 'Payslip — March 2026', `Scale ${number}`, `S-${number}`, 'Page 1 / 1']) expect(text).toContain(expected);
    }
  });

  it('writes the ZIP again from the new payslips when payroll recalculates the run while it is read', async () => {
    const accepted = await dev.call(utilities, 'POST', JOBS, { body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId } } });
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.id as string;
    // once payslips of the first page are in the archive (the last of its three pages is read a third of the way in)
    await eventually(async () => (await dev.call(utilities, 'GET', `${JOBS}/${jobId}`)).body.data.progress > 10, 60_000, 'the first payslips');
    // recalculated from HR: the three employees hired, not the copies
    const recalculated = await dev.call(payroll, 'PATCH', `/api/v1/payroll/runs/${runId}`, { body: {} });
    expect(recalculated.status).toBe(200);
    expect(recalculated.body.data.employeeCount).toBe(3);

    const job = await finished(dev, utilities, jobId, 120_000);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1, error: null });
    const document = (await dev.call(utilities, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data;
    expect(document.title).toBe('Payslip — March 2026 (3)');
    const zip = await JSZip.loadAsync((await download(dev, utilities, document.id)).bytes);
    expect(Object.keys(zip.files)).toHaveLength(3);
    expect(Object.keys(zip.files).every((name) => /^payslip-2026-03-e-[0-9a-f]{8}\.pdf$/.test(name))).toBe(true);
    // nothing is kept of the archive given up: every file is a document's
    const files = (await dev.call(utilities, 'GET', '/api/v1/app/files?limit=100')).body.data.items as { id: string }[];
    const documents = (await dev.call(utilities, 'GET', `${DOCUMENTS}?limit=100`)).body.data.items as { fileId: string }[];
    expect(files.map((file) => file.id).sort()).toEqual(documents.map((record) => record.fileId).sort());
  });
});
