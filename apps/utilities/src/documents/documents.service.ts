import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { EMPLOYEE_NOT_FOUND, PayrollContract } from '@platform/contracts';
import { atTurnEnd, FieldErrors, negotiateLanguage, Page, PlatformException, unlessAborted } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { ArchiveBacklog } from './archive-backlog';
import { DocumentFiles, StoredFile } from './document-files.service';
import { DocumentFormat, DocumentRecord, DocumentType, StoredFormat } from './document.entity';
import { DocumentsRepository } from './documents.repository';
import type { JobRequest } from './document-job.entity';
import { DocumentDataDto, FinancialReportDataDto, InvoiceDataDto, MAX_REPORT_ROWS, PayslipDataDto } from './dto/document-data.dto';
import { CreateDocumentDto, ListDocumentsQueryDto } from './dto/document.dto';
import { DocumentView } from './dto/document-views.dto';
import type { DocumentModel } from './render/document-model';
import { DocumentRenderer, RenderedFile } from './render/document-renderer.service';
import { label } from './render/labels';
import { DocumentLocale, formatMonth, isKnownCurrency, languageOf } from './render/locale';
import { invoiceModel, invoiceTotals, ModelContext, payslipModel, rowsReportModel, trialBalanceModel } from './render/models';
import { DocumentSources } from './clients/document-sources.client';

export const CONTENT_TYPES: Record<StoredFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

const DATA_CLASSES: Record<DocumentType, new () => DocumentDataDto> = {
  payslip: PayslipDataDto,
  invoice: InvoiceDataDto,
  'financial-report': FinancialReportDataDto,
};

/** The field of a type's data that holds its table rows. */
const ROW_LISTS: Partial<Record<DocumentType, 'lines' | 'rows'>> = { invoice: 'lines', 'financial-report': 'rows' };
/** The most table rows POST /documents renders at once (150–300 ms here); larger documents go to document jobs. */
const MAX_SYNC_ROWS = 500;
/**
 * Rows class-transformer and class-validator check in one turn of the event loop, about 1–2 ms
 * here: 10,000 rows in one go held it for 90 ms, and for seconds on a busy machine, where slices
 * of 500 still took 130–190 ms each (under ts-jest, beside other work) and 100 take 30–70 ms.
 */
const ROWS_PER_TURN = 100;
/** Tries at a run's ZIP when payroll recalculates the run while it is read. */
const MAX_ARCHIVE_ATTEMPTS = 3;
/** Payslips rendered or rendering ahead of the archive, per render thread: enough to keep the threads busy while the archive takes the last ones. */
const RENDERS_AHEAD_PER_THREAD = 4;
/** Bytes of payslips a ZIP holds that its store has not read yet (a few hundred payslips) before the next waits. */
const ARCHIVE_BACKLOG_BYTES = 4 * 1024 * 1024;
const VALIDATION = { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } };

/** Reports how far a render got, 0–100. */
export type ProgressListener = (percent: number) => Promise<void> | void;

interface Produced {
  title: string;
  filename: string;
  format: StoredFormat;
  pageCount: number | null;
  source: Record<string, unknown>;
  file: StoredFile;
}

function flatten(errors: ValidationError[], parent: string): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = `${parent}.${error.property}`;
    if (error.constraints) out[path] = Object.values(error.constraints);
    if (error.children?.length) Object.assign(out, flatten(error.children, path));
  }
  return out;
}

/** ASCII, lower case, dashes: safe in a filename and a ZIP entry. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 80) || 'document'
  );
}

/** A payslip's file name, alone or in a run's ZIP: `payslip-2026-03-e-1042.pdf`. */
function payslipEntryName(run: PayrollContract.PayrollRun, slip: PayrollContract.Payslip, format: DocumentFormat): string {
  return `payslip-${run.periodStart.slice(0, 7)}-${slug(slip.employeeExternalId)}.${format}`;
}

/** The run's payslips were recalculated while its ZIP was being written. */
class RunRecalculated extends Error {}

const today = () => new Date().toISOString().slice(0, 10);

/** `locale` sent in the data wins; otherwise French from Accept-Language gives fr-CM, anything else en-CM. */
function documentLocale(sent: DocumentLocale | undefined, acceptLanguage: string | string[] | undefined): DocumentLocale {
  return sent ?? (negotiateLanguage(acceptLanguage) === 'fr' ? 'fr-CM' : 'en-CM');
}

/**
 * The table rows the data asks for, counted before class-transformer and class-validator walk
 * it: their work grows with every element (a 1 MiB body holds 300,000 empty rows, five seconds
 * of validation).
 */
function requestedRows(type: DocumentType, data: Record<string, unknown>): number {
  const key = ROW_LISTS[type];
  const list = key && data[key];
  return Array.isArray(list) ? list.length : 0;
}

/** A document is rendered at once up to MAX_SYNC_ROWS table rows, as a job up to MAX_REPORT_ROWS. */
function checkRows(rows: number, sync: boolean): void {
  if (sync && rows > MAX_SYNC_ROWS) throw new PlatformException('DOCUMENT_TOO_LARGE_FOR_SYNC', { params: { rows, limit: MAX_SYNC_ROWS } });
  if (rows > MAX_REPORT_ROWS) throw new PlatformException('DOCUMENT_TOO_LARGE', { params: { rows, limit: MAX_REPORT_ROWS } });
}

/**
 * Renders documents from a type's data (payroll and Books read through their internal APIs)
 * into a format, and stores each as a file. The same path serves POST /documents and the
 * background jobs.
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly transactions: Transactions,
    private readonly files: DocumentFiles,
    private readonly sources: DocumentSources,
    private readonly renderer: DocumentRenderer,
    private readonly outbox: EventOutbox,
  ) {}

  /** Checks the data of the type and fixes the locale: what a job stores and a render needs. */
  async prepare(body: CreateDocumentDto, acceptLanguage: string | string[] | undefined, options: { job: boolean }): Promise<JobRequest> {
    checkRows(requestedRows(body.type, body.data), !options.job);
    const data = await this.validate(body.type, body.data);
    if (body.type === 'payslip' && !(data as PayslipDataDto).employeeId && !options.job) {
      throw PlatformException.validation({
        'data.employeeId': ['employeeId is required for one payslip; a document job without it renders every payslip of the run'],
      });
    }
    return {
      type: body.type,
      format: body.format,
      data: JSON.parse(JSON.stringify(body.data)) as Record<string, unknown>,
      locale: documentLocale(data.locale, acceptLanguage),
    };
  }

  async create(companyId: string, body: CreateDocumentDto, acceptLanguage: string | string[] | undefined): Promise<DocumentView> {
    const request = await this.prepare(body, acceptLanguage, { job: false });
    return this.view(await this.produce(companyId, request, null));
  }

  /**
   * Renders, stores the bytes, then writes the file and document rows in one transaction;
   * `settle` runs in that transaction (a job marks itself done there). If it fails, nothing stays.
   */
  async produce(
    companyId: string,
    request: JobRequest,
    jobId: string | null,
    onProgress: ProgressListener = () => undefined,
    settle?: (document: DocumentRecord, manager: EntityManager) => Promise<void>,
  ): Promise<DocumentRecord> {
    const produced = await this.render(companyId, request, jobId === null, onProgress);
    const id = randomUUID();
    try {
      return await this.transactions.run(async (manager) => {
        await this.files.record(companyId, produced.file, manager);
        const saved = await this.documents.insertDocument(
          companyId,
          {
            id,
            type: request.type,
            format: produced.format,
            title: produced.title.slice(0, 300),
            locale: request.locale,
            fileId: produced.file.id,
            filename: produced.filename,
            contentType: produced.file.contentType,
            size: produced.file.size,
            pageCount: produced.pageCount,
            source: produced.source,
            jobId,
          },
          manager,
        );
        await this.outbox.record(manager, companyId, 'document.created', this.view(saved));
        await settle?.(saved, manager);
        return saved;
      });
    } catch (error) {
      await this.files.discard(produced.file);
      throw error;
    }
  }

  async list(companyId: string, query: ListDocumentsQueryDto): Promise<Page<DocumentView>> {
    const page = await this.documents.listDocumentsPage(companyId, query);
    return { ...page, items: page.items.map((record) => this.view(record)) };
  }

  async get(companyId: string, id: string): Promise<DocumentView> {
    return this.view(await this.find(companyId, id));
  }

  async content(companyId: string, id: string, request: FastifyRequest, reply: FastifyReply) {
    const document = await this.find(companyId, id);
    return this.files.content(companyId, document.fileId, request, reply);
  }

  view(record: DocumentRecord): DocumentView {
    return {
      id: record.id,
      type: record.type,
      format: record.format,
      title: record.title,
      locale: record.locale,
      filename: record.filename,
      contentType: record.contentType,
      size: record.size,
      pageCount: record.pageCount,
      fileId: record.fileId,
      source: record.source,
      jobId: record.jobId,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    };
  }

  private async find(companyId: string, id: string): Promise<DocumentRecord> {
    const record = await this.documents.findDocument(companyId, id);
    if (!record) throw new PlatformException('DOCUMENT_NOT_FOUND');
    return record;
  }

  /**
   * Checks the data as its type's DTO, its table rows a slice at a time with a turn of the event
   * loop between slices, so that a large job's rows do not hold up the requests behind it. Each
   * slice goes with the data's other fields, as the whole would; a row's errors name its index in
   * the whole list.
   */
  private async validate(type: DocumentType, data: Record<string, unknown>): Promise<DocumentDataDto> {
    const key = ROW_LISTS[type];
    const rows = key && Array.isArray(data[key]) ? (data[key] as unknown[]) : undefined;
    const slices =
      key && rows
        ? Array.from({ length: Math.max(1, Math.ceil(rows.length / ROWS_PER_TURN)) }, (_, n) => ({
            ...data,
            [key]: rows.slice(n * ROWS_PER_TURN, (n + 1) * ROWS_PER_TURN),
          }))
        : [data];
    const errors: FieldErrors = {};
    const instances: DocumentDataDto[] = [];
    for (const [n, slice] of slices.entries()) {
      if (n) await atTurnEnd(undefined);
      const instance = plainToInstance(DATA_CLASSES[type], slice);
      const found = validateSync(instance, VALIDATION);
      for (const row of found.find((error) => error.property === key)?.children ?? []) row.property = String(Number(row.property) + n * ROWS_PER_TURN);
      Object.assign(errors, flatten(found, 'data'));
      instances.push(instance);
    }
    if (Object.keys(errors).length) throw PlatformException.validation(errors);
    const [instance] = instances;
    if (key && instances.length > 1) Object.assign(instance, { [key]: instances.flatMap((slice) => (slice as unknown as Record<string, unknown[]>)[key]) });
    const problems: FieldErrors = {};
    if (instance instanceof InvoiceDataDto) {
      if (!isKnownCurrency(instance.currency)) problems['data.currency'] = ['currency must be an ISO 4217 code'];
      const { subtotal, total } = invoiceTotals(instance);
      if (!Number.isSafeInteger(subtotal) || !Number.isSafeInteger(total))
        problems['data.lines'] = [`the invoice total must stay below ${Number.MAX_SAFE_INTEGER}`];
      if (instance.dueDate && instance.dueDate < (instance.issueDate ?? today())) problems['data.dueDate'] = ['dueDate must not be before issueDate'];
    }
    if (instance instanceof FinancialReportDataDto) {
      if (instance.currency && !isKnownCurrency(instance.currency)) problems['data.currency'] = ['currency must be an ISO 4217 code'];
      if (instance.from && instance.to && instance.from > instance.to) problems['data.to'] = ['to must not be before from'];
      const sum = (field: 'debit' | 'credit') => (instance.rows ?? []).reduce((total, row) => total + row[field], 0);
      if (!Number.isSafeInteger(sum('debit')) || !Number.isSafeInteger(sum('credit')))
        problems['data.rows'] = [`the totals must stay below ${Number.MAX_SAFE_INTEGER}`];
    }
    if (Object.keys(problems).length) throw PlatformException.validation(problems);
    return instance;
  }

  private async render(companyId: string, request: JobRequest, sync: boolean, onProgress: ProgressListener): Promise<Produced> {
    const data = await this.validate(request.type, request.data);
    // a document names its company: as sent, or as auth knows it (the id only for a company auth does not know)
    const context: ModelContext = { locale: request.locale, companyName: data.companyName ?? (await this.sources.companyName(companyId)) ?? companyId };
    if (data instanceof PayslipDataDto) return this.payslips(companyId, data, request.format, context, onProgress);
    let model: DocumentModel;
    let source: Record<string, unknown>;
    let name: string;
    if (data instanceof InvoiceDataDto) {
      const issueDate = data.issueDate ?? today();
      model = invoiceModel(data, issueDate, context);
      source = { number: data.number, customer: data.customer.name, currency: data.currency, issueDate, total: invoiceTotals(data).total };
      name = `invoice-${slug(data.number)}`;
    } else {
      const report = data as FinancialReportDataDto;
      if (report.rows) {
        model = rowsReportModel({ ...report, rows: report.rows }, context);
        source = { kind: 'rows', rows: report.rows.length, from: report.from ?? null, to: report.to ?? null };
      } else {
        const balance = await this.sources.trialBalance(companyId, report.from, report.to);
        await onProgress(30);
        model = trialBalanceModel(balance, report, context);
        source = {
          kind: 'trial-balance',
          from: report.from ?? null,
          to: report.to ?? null,
          accounts: balance.accounts.length,
          balanced: balance.totals.balanced,
        };
      }
      name = [slug(model.title), report.from, report.to].filter(Boolean).join('-');
    }
    checkRows(
      model.tables.reduce((rows, table) => rows + table.rows.length, 0),
      sync,
    );
    const rendered = await this.renderer.render(model, request.format);
    await onProgress(70);
    const filename = `${name}.${request.format}`;
    const file = await this.files.put(companyId, filename, CONTENT_TYPES[request.format], rendered.bytes);
    await onProgress(90);
    return { title: model.title, filename, format: request.format, pageCount: rendered.pageCount, source, file };
  }

  /** One employee's payslip, or (no employeeId) every payslip of the run in one ZIP, streamed to the store. */
  private async payslips(
    companyId: string,
    data: PayslipDataDto,
    format: DocumentFormat,
    context: ModelContext,
    onProgress: ProgressListener,
  ): Promise<Produced> {
    if (!data.employeeId) return this.payslipArchive(companyId, data.payrollRunId, format, context, onProgress);
    const { run, payslips } = await this.sources.payslips(companyId, data.payrollRunId, { employeeId: data.employeeId });
    await onProgress(10);
    const slip = payslips[0];
    if (!slip) throw new PlatformException(EMPLOYEE_NOT_FOUND);
    const model = payslipModel(run, slip, context);
    const rendered = await this.renderer.render(model, format);
    await onProgress(70);
    const filename = payslipEntryName(run, slip, format);
    const file = await this.files.put(companyId, filename, CONTENT_TYPES[format], rendered.bytes);
    await onProgress(90);
    const source = {
      payrollRunId: run.id,
      employeeId: slip.employeeId,
      employeeExternalId: slip.employeeExternalId,
      period: { start: run.periodStart, end: run.periodEnd },
      netPay: slip.netPay,
      currency: slip.currency,
    };
    return { title: model.title, filename, format, pageCount: rendered.pageCount, source, file };
  }

  /**
   * Every payslip of the run in one ZIP, streamed: payroll's pages are read one ahead, the
   * payslips rendered on the render threads a few ahead of the archive, in payroll's order, and
   * the archive streamed to the store, so that memory holds a page or two whatever the run's size.
   * A run recalculated meanwhile (its version moves) is started over.
   */
  private async payslipArchive(
    companyId: string,
    runId: string,
    format: DocumentFormat,
    context: ModelContext,
    onProgress: ProgressListener,
  ): Promise<Produced> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.writePayslipArchive(companyId, runId, format, context, onProgress);
      } catch (error) {
        if (!(error instanceof RunRecalculated) || attempt === MAX_ARCHIVE_ATTEMPTS) throw error;
      }
    }
  }

  private async writePayslipArchive(
    companyId: string,
    runId: string,
    format: DocumentFormat,
    context: ModelContext,
    onProgress: ProgressListener,
  ): Promise<Produced> {
    let page = await this.sources.payslips(companyId, runId);
    const { run } = page;
    await onProgress(10);
    // loaded by the first archive, not at start
    const archiver = require('archiver') as typeof import('archiver');
    // stored as they are: a PDF's content is compressed already (deflate would save a quarter of its bytes, for CPU the renders want)
    const archive = archiver('zip', { store: true });
    // what the archive holds for its store, counted: an entry is taken at once, however much it holds
    const backlog = new ArchiveBacklog(ARCHIVE_BACKLOG_BYTES);
    const filename = `payslips-${run.periodStart.slice(0, 7)}-${run.id.slice(0, 8)}.zip`;
    // the archive's failure (destroyed below) fails the backlog, and so the store
    const storing = this.files.put(
      companyId,
      filename,
      CONTENT_TYPES.zip,
      pipeline(archive, backlog, () => undefined),
    );
    // The store stops reading the archive when it refuses it (FILE_TOO_LARGE past
    // DOCUMENT_MAX_BYTES): the archive then never finishes, so its failure ends the job at once.
    // Every wait below is cut short by it (not raced with it: see unlessAborted).
    const storeFailed = new AbortController();
    storing.catch((error: unknown) => storeFailed.abort(error));
    const renders: { name: string; rendered: Promise<RenderedFile> }[] = [];
    const entries: string[] = [];
    const ahead = RENDERS_AHEAD_PER_THREAD * this.renderer.threads;
    // the oldest render into the archive, then a wait while the archive holds more than its store has read
    const archiveNext = async () => {
      const { name, rendered } = renders.shift()!;
      const { bytes } = await unlessAborted(rendered, storeFailed.signal);
      backlog.give(bytes.length);
      archive.append(bytes, { name });
      await unlessAborted(backlog.within(), storeFailed.signal);
      entries.push(name);
      await onProgress(10 + Math.floor((Math.min(entries.length, run.employeeCount) / Math.max(run.employeeCount, 1)) * 80));
    };
    try {
      for (;;) {
        const next = page.nextAfter === null ? null : this.sources.payslips(companyId, runId, { after: page.nextAfter });
        next?.catch(() => undefined);
        for (const slip of page.payslips) {
          if (storeFailed.signal.aborted) throw storeFailed.signal.reason;
          const rendered = this.renderer.render(payslipModel(run, slip, context), format);
          // awaited in turn below; a failure meanwhile is not unhandled
          rendered.catch(() => undefined);
          renders.push({ name: payslipEntryName(run, slip, format), rendered });
          if (renders.length > ahead) await archiveNext();
        }
        if (!next) break;
        page = await next;
        if (page.run.version !== run.version) throw new RunRecalculated();
      }
      while (renders.length) await archiveNext();
      await unlessAborted(archive.finalize(), storeFailed.signal);
    } catch (error) {
      // the archive ends only once the entries it was given are written: destroyed, it fails the store at once, which keeps nothing
      archive.abort();
      archive.destroy(error instanceof Error ? error : undefined);
      const partial = await storing.catch(() => null);
      if (partial) await this.files.discard(partial);
      throw error;
    }
    const file = await storing;
    const title = `${label('payslip', languageOf(context.locale as DocumentLocale))} — ${formatMonth(run.periodStart, context.locale)} (${entries.length})`;
    const source = { payrollRunId: run.id, period: { start: run.periodStart, end: run.periodEnd }, entryFormat: format, entries };
    return { title, filename, format: 'zip', pageCount: null, source, file };
  }
}
