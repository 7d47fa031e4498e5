import JSZip from 'jszip';
import { BooksModule } from '../../books/src/books.module';
import { HrModule } from '../../hr/src/hr.module';
import { PayrollModule } from '../../payroll/src/payroll.module';
import { HAND_WORKED, handWorkedCompany, MARCH } from '../../payroll/test/hand-worked-month';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { DOCUMENTS, download, finished, JOBS, pdfPages, pdfText, plain, rowStarting, workbook, writePictures } from './documents-support';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('documents', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let payroll: RunningApp;
  let books: RunningApp;
  let utilities: RunningApp;
  let company: Awaited<ReturnType<typeof handWorkedCompany>>;
  let runId: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    books = await stack.startApp(BooksModule, 'books');
    payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, BOOKS_URL: books.url });
    utilities = await stack.startApp(UtilitiesModule, 'utilities', { PAYROLL_URL: payroll.url, BOOKS_URL: books.url, HR_URL: hr.url });
    company = await handWorkedCompany(stack, hr);
    const run = await company.dev.call(payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH });
    expect(run.status).toBe(201);
    runId = run.body.data.id;
  });
  afterAll(() => stack.stop());

  const invoice = {
    number: 'INV-2026-0042',
    customer: { name: 'Brasseries du Littoral SA', address: 'Rue Joss, Douala', taxId: 'M012345678901A' },
    currency: 'XAF',
    issueDate: '2026-03-31',
    dueDate: '2026-04-30',
    lines: [
      { description: 'Payroll processing, March 2026', quantity: 3, unitPrice: 25_000 },
      { description: 'Payslip printing', quantity: 120, unitPrice: 150 },
      { description: 'Annual CNPS declaration', quantity: 1, unitPrice: 100_000 },
    ],
    taxes: [{ name: 'TVA', rate: 19.25 }],
    notes: 'Paiement par virement à 30 jours.',
  };

  it('renders the hand-worked March payslip as a PDF in fr-CM, stores it as a file and serves it back', async () => {
    const { dev, a } = company;
    const created = await dev.call(utilities, 'POST', DOCUMENTS, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, employeeId: a, companyName: 'Acme Cameroun SARL' } },
    });
    expect(created.status).toBe(201);
    const document = created.body.data;
    expect(document).toMatchObject({
      type: 'payslip',
      format: 'pdf',
      locale: 'fr-CM',
      contentType: 'application/pdf',
      pageCount: 1,
      source: { payrollRunId: runId, employeeId: a, netPay: HAND_WORKED.netA },
    });
    expect(document.filename).toMatch(/^payslip-2026-03-e-[0-9a-f]{8}\.pdf$/);

    const content = await download(dev, utilities, document.id);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-disposition')).toContain(`filename="${document.filename}"`);
    expect(content.bytes.length).toBe(document.size);
    const text = pdfText(content.bytes);
    // Intl's fr-CM amount is "445 261 FCFA" (U+202F, U+00A0); the PDF draws both as no-break spaces.
    expect(plain(text)).toMatch(/Net à payer\s+445 261 FCFA/);
    expect(plain(text)).toMatch(/Salaire brut\s+530 000 FCFA/);
    for (const expected of [
      'Acme Cameroun SARL',
      'Bulletin de paie — Mars 2026',
      'Amina A',
      '123456789',
      'CNPS-0001',
      'Gains',
      'Retenues salariales',
      'Charges patronales',
      'Page 1 / 1',
    ])
      expect(text).toContain(expected);
    writePictures(content.bytes, 'payslip');

    const file = await dev.call(utilities, 'GET', `/api/v1/app/files/${document.fileId}`);
    expect(file.body.data).toMatchObject({ filename: document.filename, contentType: 'application/pdf', size: document.size });
    expect((await dev.call(utilities, 'GET', `${DOCUMENTS}/${document.id}`)).body.data).toEqual(document);
  });

  it('renders a payslip as XLSX in en-CM with styled headers and XAF number formats, read back with exceljs', async () => {
    const { dev, a } = company;
    const created = await dev.call(utilities, 'POST', DOCUMENTS, {
      body: { type: 'payslip', format: 'xlsx', data: { payrollRunId: runId, employeeId: a, companyName: 'Acme Cameroun SARL' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ format: 'xlsx', locale: 'en-CM', contentType: XLSX, pageCount: null });
    const content = await download(dev, utilities, created.body.data.id);
    expect(content.headers.get('content-type')).toBe(XLSX);
    const book = await workbook(content.bytes);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Payslip — March 2026');
    expect(sheet.getCell('A1').value).toBe('Acme Cameroun SARL');
    const header = rowStarting(sheet, 'Item');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FF1F3A5F' } });
    const net = rowStarting(sheet, 'Net pay');
    const amount = net.getCell(net.cellCount);
    expect(amount.value).toBe(HAND_WORKED.netA);
    expect(amount.numFmt).toBe('#,##0 "FCFA"');
    expect(rowStarting(sheet, 'Gross pay').getCell(net.cellCount).value).toBe(530_000);
    expect(rowStarting(sheet, 'Base salary').getCell(4).value).toBe(500_000);
  });

  it('renders an invoice: lines, tax half up, totals, customer given as an object or a name', async () => {
    const { dev } = company;
    const created = await dev.call(utilities, 'POST', DOCUMENTS, {
      body: { type: 'invoice', format: 'pdf', data: { ...invoice, companyName: 'Acme Cameroun SARL' } },
    });
    expect(created.status).toBe(201);
    // 75 000 + 18 000 + 100 000 = 193 000; TVA 19.25 % = 37 152.5 → 37 153
    expect(created.body.data).toMatchObject({
      type: 'invoice',
      title: 'Invoice INV-2026-0042',
      filename: 'invoice-inv-2026-0042.pdf',
      source: { number: 'INV-2026-0042', total: 230_153 },
    });
    const content = await download(dev, utilities, created.body.data.id);
    const text = plain(pdfText(content.bytes));
    expect(text).toMatch(/Subtotal\s+FCFA 193,000/);
    expect(text).toMatch(/TVA \(19\.25 %\)\s+FCFA 37,153/);
    expect(text).toMatch(/Total\s+FCFA 230,153/);
    expect(text).toMatch(/Payslip printing\s+120\s+FCFA 150\s+FCFA 18,000/);
    for (const expected of ['Brasseries du Littoral SA', '31 March 2026', '30 April 2026', 'M012345678901A', 'Page 1 / 1']) expect(text).toContain(expected);
    writePictures(content.bytes, 'invoice');

    const named = await dev.call(utilities, 'POST', DOCUMENTS, {
      headers: { 'accept-language': 'fr' },
      body: {
        type: 'invoice',
        format: 'xlsx',
        data: { number: 'F-7', customer: 'Client comptant', currency: 'EUR', lines: [{ description: 'Conseil', quantity: 2, unitPrice: 12_345 }] },
      },
    });
    expect(named.status).toBe(201);
    const sheet = (await workbook((await download(dev, utilities, named.body.data.id)).bytes)).worksheets[0];
    expect(sheet.name).toBe('Facture F-7');
    const line = rowStarting(sheet, 'Conseil');
    expect([line.getCell(2).value, line.getCell(3).value, line.getCell(4).value]).toEqual([2, 123.45, 246.9]);
    expect(line.getCell(4).numFmt).toBe('#,##0.00 "€"');
  });

  it('renders Books’ trial balance as a financial report whose table breaks across pages', async () => {
    const { dev } = company;
    expect((await dev.call(books, 'POST', '/api/v1/books/accounts/default-chart', { body: {} })).status).toBe(200);
    const accounts = (await dev.call(books, 'GET', '/api/v1/books/accounts?limit=100')).body.data.items.slice(0, 60) as { id: string }[];
    const lines = accounts.map((account, i) =>
      i < 30 ? { accountId: account.id, debit: (i + 1) * 10_000 } : { accountId: account.id, credit: (i - 29) * 10_000 },
    );
    const entry = await dev.call(books, 'POST', '/api/v1/books/journal-entries', { body: { date: '2026-03-15', memo: 'Opening of many accounts', lines } });
    expect(entry.status).toBe(201);

    const created = await dev.call(utilities, 'POST', DOCUMENTS, {
      body: { type: 'financial-report', format: 'pdf', data: { from: '2026-01-01', to: '2026-12-31', locale: 'fr-CM', companyName: 'Acme Cameroun SARL' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Balance générale',
      filename: 'balance-generale-2026-01-01-2026-12-31.pdf',
      source: { kind: 'trial-balance', accounts: 60, balanced: true },
    });
    const content = await download(dev, utilities, created.body.data.id);
    const pages = pdfPages(content.bytes);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(created.body.data.pageCount).toBe(pages);
    const text = plain(pdfText(content.bytes));
    expect(text).toContain(`Page 2 / ${pages}`);
    // the header row is repeated on the next page
    expect(text.match(/^\s*Code\s+Compte\s/gm)).toHaveLength(pages);
    // 10 000 × (1 + … + 30) on each side
    expect(text).toMatch(/Totaux\s+4 650 000 FCFA\s+4 650 000 FCFA/);
    writePictures(content.bytes, 'financial-report', 2);

    const xlsx = await dev.call(utilities, 'POST', DOCUMENTS, {
      body: {
        type: 'financial-report',
        format: 'xlsx',
        data: {
          title: 'Q1 summary',
          rows: [
            { account: '601 Purchases', debit: 1_500_000, credit: 0 },
            { account: '701 Sales', debit: 0, credit: 1_500_000 },
          ],
        },
      },
    });
    expect(xlsx.status).toBe(201);
    const sheet = (await workbook((await download(dev, utilities, xlsx.body.data.id)).bytes)).worksheets[0];
    expect(sheet.name).toBe('Q1 summary');
    const totals = rowStarting(sheet, 'Totals');
    expect([totals.getCell(2).value, totals.getCell(3).value]).toEqual([1_500_000, 1_500_000]);
    expect(totals.getCell(2).font?.bold).toBe(true);
  });

  it('runs a job to the end: 202 queued, then succeeded with progress 100 and the document', async () => {
    const { dev } = company;
    const accepted = await dev.call(utilities, 'POST', JOBS, { body: { type: 'invoice', format: 'pdf', data: invoice } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toMatchObject({ status: 'queued', progress: 0, type: 'invoice', format: 'pdf', documentId: null, error: null });
    const job = await finished(dev, utilities, accepted.body.data.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, error: null, documentId: expect.any(String) });
    expect(job.startedAt && job.finishedAt).toBeTruthy();
    const document = (await dev.call(utilities, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data;
    expect(document).toMatchObject({ type: 'invoice', jobId: job.id, contentType: 'application/pdf' });
    expect(plain(pdfText((await download(dev, utilities, document.id)).bytes))).toContain('FCFA 230,153');

    const listed = await dev.call(utilities, 'GET', `${JOBS}?status=succeeded&limit=5`);
    expect(listed.body.data).toMatchObject({ page: 1, limit: 5 });
    expect(listed.body.data.items.map((item: { id: string }) => item.id)).toContain(job.id);
  });

  it('fails a job with a clear error when its source is not found', async () => {
    const { dev } = company;
    const accepted = await dev.call(utilities, 'POST', JOBS, {
      headers: { 'accept-language': 'fr' },
      body: { type: 'payslip', format: 'pdf', data: { payrollRunId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(accepted.status).toBe(202);
    const job = await finished(dev, utilities, accepted.body.data.id);
    expect(job).toMatchObject({ status: 'failed', documentId: null, error: { code: 'PAYROLL_RUN_NOT_FOUND', message: 'Cycle de paie introuvable.' } });
  });

  it('renders every payslip of a run into one ZIP in a batch job', async () => {
    const { dev } = company;
    const accepted = await dev.call(utilities, 'POST', JOBS, {
      body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, companyName: 'Acme Cameroun SARL' } },
    });
    expect(accepted.status).toBe(202);
    const job = await finished(dev, utilities, accepted.body.data.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 });
    const document = (await dev.call(utilities, 'GET', `${DOCUMENTS}/${job.documentId}`)).body.data;
    expect(document).toMatchObject({ type: 'payslip', format: 'zip', contentType: 'application/zip', filename: `payslips-2026-03-${runId.slice(0, 8)}.zip` });
    const content = await download(dev, utilities, document.id);
    expect(content.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(content.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(3);
    expect(names.every((name) => /^payslip-2026-03-e-[0-9a-f]{8}\.pdf$/.test(name))).toBe(true);
    expect(names).toEqual([...document.source.entries].sort());
    const nets = await Promise.all(names.map(async (name) => plain(pdfText(await zip.file(name)!.async('nodebuffer')))));
    expect(nets.some((text) => text.includes('FCFA 445,261'))).toBe(true);
    expect(nets.some((text) => text.includes('FCFA 144,666'))).toBe(true);
    expect(nets.some((text) => text.includes('FCFA 188,888'))).toBe(true);
  });

  it('keeps companies apart: another company’s document, content and job are not found', async () => {
    const { dev, a } = company;
    const mine = (await dev.call(utilities, 'POST', DOCUMENTS, { body: { type: 'invoice', format: 'pdf', data: invoice } })).body.data;
    const job = (await dev.call(utilities, 'POST', JOBS, { body: { type: 'invoice', format: 'xlsx', data: invoice } })).body.data;
    const other: Developer = await stack.developer();
    expectError(await other.call(utilities, 'GET', `${DOCUMENTS}/${mine.id}`), 404, 'DOCUMENT_NOT_FOUND');
    expect((await download(other, utilities, mine.id)).status).toBe(404);
    expectError(await other.call(utilities, 'GET', `${JOBS}/${job.id}`), 404, 'DOCUMENT_JOB_NOT_FOUND');
    expect((await other.call(utilities, 'GET', DOCUMENTS)).body.data).toMatchObject({ items: [], total: 0 });
    expect((await other.call(utilities, 'GET', JOBS)).body.data).toMatchObject({ items: [], total: 0 });
    // payroll answers for the caller's company only
    expectError(
      await other.call(utilities, 'POST', DOCUMENTS, { body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, employeeId: a } } }),
      404,
      'PAYROLL_RUN_NOT_FOUND',
    );
    expectError(await dev.call(utilities, 'GET', `${DOCUMENTS}/not-a-uuid`), 404, 'DOCUMENT_NOT_FOUND');
    expectError(
      await dev.call(utilities, 'POST', DOCUMENTS, {
        body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, employeeId: other.organizationId } },
      }),
      404,
      'USER_NOT_FOUND',
    );

    const page = await dev.call(utilities, 'GET', `${DOCUMENTS}?type=invoice&limit=2`);
    expect(page.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(3);
    expect(page.body.data.items.every((item: { type: string }) => item.type === 'invoice')).toBe(true);
    // the job's document lands when it finishes; later tests count documents
    expect((await finished(dev, utilities, job.id)).status).toBe('succeeded');
  });

  it('refuses invalid requests with VALIDATION_FAILED naming the field', async () => {
    const { dev } = company;
    const post = (body: unknown, path = DOCUMENTS) => dev.call(utilities, 'POST', path, { body });
    let result = await post({ type: 'letter', format: 'docx', data: {} });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors).sort()).toEqual(['format', 'type']);
    result = await post({ type: 'invoice', format: 'pdf' });
    expect(result.body.errors.data).toBeDefined();
    result = await post({ type: 'invoice', format: 'pdf', data: { number: 'X', customer: 'C', currency: 'XAF', lines: [] } });
    expect(result.body.errors['data.lines']).toBeDefined();
    result = await post({
      type: 'invoice',
      format: 'pdf',
      data: { number: 'X', customer: 'C', currency: 'XAF', lines: [{ description: 'a', quantity: 1.5, unitPrice: 10.5 }], extra: 1 },
    });
    expect(Object.keys(result.body.errors).sort()).toEqual(['data.extra', 'data.lines.0.quantity', 'data.lines.0.unitPrice']);
    result = await post({
      type: 'invoice',
      format: 'pdf',
      data: { number: 'X', customer: { name: '' }, currency: 'ZZZ', lines: [{ description: 'a', quantity: 1, unitPrice: 1 }], locale: 'de-DE' },
    });
    expect(Object.keys(result.body.errors).sort()).toEqual(['data.customer.name', 'data.locale']);
    result = await post({
      type: 'invoice',
      format: 'pdf',
      data: { number: 'X', customer: 'C', currency: 'ZZZ', lines: [{ description: 'a', quantity: 1, unitPrice: 1 }] },
    });
    expect(result.body.errors).toEqual({ 'data.currency': ['currency must be an ISO 4217 code'] });
    result = await post({
      type: 'invoice',
      format: 'pdf',
      data: { number: 'X', customer: 'C', currency: 'XAF', lines: [{ description: 'a', quantity: 1_000_000, unitPrice: 10_000_000_000_000 }] },
    });
    expect(Object.keys(result.body.errors)).toEqual(['data.lines']);
    result = await post({ type: 'payslip', format: 'pdf', data: { payrollRunId: runId } });
    expectError(result, 400, 'VALIDATION_FAILED');
    expect(Object.keys(result.body.errors)).toEqual(['data.employeeId']);
    result = await post({ type: 'payslip', format: 'pdf', data: { payrollRunId: 'nope' } }, JOBS);
    expect(Object.keys(result.body.errors)).toEqual(['data.payrollRunId']);
    result = await post({ type: 'financial-report', format: 'pdf', data: { from: '2026-12-31', to: '2026-01-01' } });
    expect(Object.keys(result.body.errors)).toEqual(['data.to']);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when payroll or Books is away, storing nothing', async () => {
    const away = await stack.startApp(UtilitiesModule, 'utilities', { PAYROLL_URL: 'http://127.0.0.1:9', BOOKS_URL: 'http://127.0.0.1:9' });
    const { dev, a } = company;
    const before = (await dev.call(away, 'GET', DOCUMENTS)).body.data.total;
    expectError(
      await dev.call(away, 'POST', DOCUMENTS, { body: { type: 'payslip', format: 'pdf', data: { payrollRunId: runId, employeeId: a } } }),
      503,
      'UPSTREAM_UNAVAILABLE',
    );
    expectError(await dev.call(away, 'POST', DOCUMENTS, { body: { type: 'financial-report', format: 'xlsx', data: {} } }), 503, 'UPSTREAM_UNAVAILABLE');
    expect((await dev.call(away, 'GET', DOCUMENTS)).body.data.total).toBe(before);
    await away.close();
  });
});
