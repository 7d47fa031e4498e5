import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { qualifiedTable } from '@platform/data';
import { PayrollRun } from '../../payroll/src/runs/payroll-run.entity';
import { Payslip } from '../../payroll/src/runs/payslip.entity';
import { ROOT } from '@test/support/paths';
import { Developer, RunningApp } from '@test/support/stack';
import { eventually } from './channel-servers';

export const DOCUMENTS = '/api/v1/app/documents';
export const JOBS = '/api/v1/app/document-jobs';
export const PICTURES_DIR = join(ROOT, 'docs', 'documents');

const scratch = mkdtempSync(join(tmpdir(), 'documents-e2e-'));
let counter = 0;

/** A document's stored bytes, as a client downloads them. */
export async function download(dev: Developer, app: RunningApp, id: string) {
  const response = await fetch(`${app.url}${DOCUMENTS}/${id}/content`, { headers: dev.headers(), signal: AbortSignal.timeout(15_000) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

function saved(bytes: Buffer, extension: string): string {
  const path = join(scratch, `doc-${(counter += 1)}.${extension}`);
  writeFileSync(path, bytes);
  return path;
}

/** The PDF's text as poppler's pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', saved(pdf, 'pdf'), '-']).toString('utf8');
}

export function pdfPages(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [saved(pdf, 'pdf')]).toString('utf8');
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/**
 * With WRITE_DOC_PICTURES=1, the first pages of the PDF as small PNGs under docs/documents
 * (`<name>-<page>.png`), for readers of the repository; CI leaves the committed pictures alone.
 */
export function writePictures(pdf: Buffer, name: string, pages = 1): void {
  if (process.env.WRITE_DOC_PICTURES !== '1') return;
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', String(pages), saved(pdf, 'pdf'), join(PICTURES_DIR, name)]);
}

export async function workbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  return book;
}

/** The first row whose first non-empty cell is this text. */
export function rowStarting(sheet: ExcelJS.Worksheet, text: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && row.values && (row.values as unknown[]).some((value) => value === text)) found = row;
  });
  if (!found) throw new Error(`no row with ${text}`);
  return found;
}

/** Follows a job until it is done (succeeded or failed). */
export function finished(dev: Developer, app: RunningApp, id: string, timeoutMs = 20_000) {
  return eventually(
    async () => {
      const job = (await dev.call(app, 'GET', `${JOBS}/${id}`)).body.data;
      return (job.status === 'succeeded' || job.status === 'failed') && job;
    },
    timeoutMs,
    `job ${id} to finish`,
  );
}

/** Collapses the no-break spaces Intl puts in amounts, for readable assertions. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * Copies a run's first payslip for employees of their own, numbered from 1 (`Scale 00001`,
 * `S-00001`), as the approval scale test does: the calculation of thousands of employees is the
 * scale bench's, not this test's. The run's count follows.
 */
export async function seedPayslips(payroll: RunningApp, runId: string, copies: number): Promise<void> {
  const dataSource = payroll.app.get(DataSource);
  const table = qualifiedTable(dataSource, Payslip);
  const copied = ['employee_id', 'employee_external_id', 'employee_name', 'id'];
  const columns = (
    await dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'payslips' AND column_name <> ALL($2)`,
      [dataSource.getMetadata(Payslip).schema ?? 'payroll', copied],
    )
  ).map((row: { column_name: string }) => `"${row.column_name}"`);
  await dataSource.query(
    `INSERT INTO ${table} ("employee_id", "employee_external_id", "employee_name", ${columns.join(', ')})
     SELECT gen_random_uuid(), 'S-' || lpad(n::text, 5, '0'), 'Scale ' || lpad(n::text, 5, '0'), ${columns.map((column: string) => `p.${column}`).join(', ')}
     FROM ${table} p CROSS JOIN generate_series(1, $2) AS n
     WHERE p."run_id" = $1 AND p."id" = (SELECT min("id"::text)::uuid FROM ${table} WHERE "run_id" = $1)`,
    [runId, copies],
  );
  await dataSource.query(
    `UPDATE ${qualifiedTable(dataSource, PayrollRun)} SET "employee_count" = (SELECT count(*) FROM ${table} WHERE "run_id" = $1) WHERE "id" = $1`,
    [runId],
  );
}
