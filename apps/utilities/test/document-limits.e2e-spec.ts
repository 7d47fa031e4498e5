import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { PayrollModule } from '../../payroll/src/payroll.module';
import { handWorkedCompany, MARCH } from '../../payroll/test/hand-worked-month';
import { UtilitiesModule } from '../src/utilities.module';
import { RunningApp, TestStack } from '@test/support/stack';
import { finished, JOBS } from './documents-support';

describe('a document past DOCUMENT_MAX_BYTES', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  let payroll: RunningApp;
  let company: Awaited<ReturnType<typeof handWorkedCompany>>;

  beforeAll(async () => {
    stack = await TestStack.start();
    const hr = await stack.startApp(HrModule, 'hr');
    const books = await stack.startApp(BooksModule, 'books');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, BOOKS_URL: books.url });
    // the only utilities, so the only runner of its jobs: a limit three payslips' ZIP is past, one job at a time
    utilities = await stack.startApp(UtilitiesModule, 'utilities', {
      PAYROLL_URL: payroll.url,
      BOOKS_URL: books.url,
      HR_URL: hr.url,
      DOCUMENT_MAX_BYTES: '4096',
      DOCUMENT_JOB_CONCURRENCY: '1',
    });
    company = await handWorkedCompany(stack, hr);
  });
  afterAll(() => stack.stop());

  it('fails the ZIP job with FILE_TOO_LARGE, keeps nothing of it, and frees the worker for the next job', async () => {
    const { dev } = company;
    const run = await dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH });
    expect(run.status).toBe(201);
    const zip = await dev.call(utilities, 'POST', JOBS, { body: { type: 'payslip', format: 'pdf', data: { payrollRunId: run.body.data.id } } });
    expect(zip.status).toBe(202);
    const invoice = { number: 'F-1', customer: 'Client', currency: 'XAF', lines: [{ description: 'Work', quantity: 1, unitPrice: 1000 }] };
    const after = await dev.call(utilities, 'POST', JOBS, { body: { type: 'invoice', format: 'pdf', data: invoice } });
    expect(await finished(dev, utilities, zip.body.data.id)).toMatchObject({
      status: 'failed',
      documentId: null,
      error: { code: 'FILE_TOO_LARGE', message: 'The file is larger than the 4096 bytes allowed.' },
    });
    expect(await finished(dev, utilities, after.body.data.id)).toMatchObject({ status: 'succeeded' });
    const files = (await dev.call(utilities, 'GET', '/api/v1/app/files?limit=100')).body.data.items as { filename: string }[];
    expect(files.map((file) => file.filename)).toEqual(['invoice-f-1.pdf']);
  });
});
