import type { BooksContract, PayrollContract } from '@platform/contracts';
import type { FinancialReportDataDto, InvoiceDataDto } from '../dto/document-data.dto';
import type { DocumentModel, TableModel } from './document-model';
import { label } from './labels';
import { DocumentLocale, formatDate, formatMonth, formatNumber, languageOf } from './locale';

export interface ModelContext {
  locale: DocumentLocale;
  companyName: string;
}

function itemsTable(title: string, items: PayrollContract.PayslipItem[], language: 'en' | 'fr'): TableModel {
  return {
    title,
    columns: [
      { header: label('item', language), kind: 'text', width: 5 },
      { header: label('base', language), kind: 'money', width: 3 },
      { header: label('rate', language), kind: 'rate', width: 2 },
      { header: label('amount', language), kind: 'money', width: 3 },
    ],
    rows: items.map((item) => [item.name, item.base ?? null, item.rate ?? null, item.amount]),
    footer: [label('total', language), null, null, items.reduce((sum, item) => sum + item.amount, 0)],
  };
}

/** Company, period, employee (name, external id, national id, CNPS number), earnings, deductions, employer contributions, totals. */
export function payslipModel(run: PayrollContract.PayrollRun, slip: PayrollContract.Payslip, context: ModelContext): DocumentModel {
  const language = languageOf(context.locale);
  const { locale } = context;
  return {
    title: `${label('payslip', language)} — ${formatMonth(run.periodStart, locale)}`,
    companyName: context.companyName,
    subtitle: `${label('period', language)} : ${formatDate(run.periodStart, locale)} – ${formatDate(run.periodEnd, locale)}`,
    locale,
    currency: slip.currency,
    facts: [
      { label: label('employee', language), value: slip.employeeName },
      { label: label('employeeId', language), value: slip.employeeExternalId },
      { label: label('nationalId', language), value: slip.nationalId ?? '—' },
      { label: label('cnpsNumber', language), value: slip.socialInsuranceNumber ?? '—' },
      { label: label('workedDays', language), value: `${formatNumber(slip.workedDays, locale)} / ${slip.workingDaysInMonth}` },
      { label: label('unpaidLeaveDays', language), value: formatNumber(slip.unpaidLeaveDays, locale) },
    ],
    tables: [
      itemsTable(label('earnings', language), slip.earnings, language),
      itemsTable(label('deductions', language), slip.deductions, language),
      itemsTable(label('employerContributions', language), slip.employerContributions, language),
    ],
    totals: [
      { label: label('grossPay', language), amount: slip.grossPay },
      { label: label('totalDeductions', language), amount: slip.totalDeductions },
      { label: label('netPay', language), amount: slip.netPay, strong: true },
      { label: label('employerCost', language), amount: slip.employerCost },
    ],
  };
}

/** Half up to the minor unit, exactly (BigInt: subtotal × rate never loses a unit). */
export function taxAmount(subtotal: number, ratePercent: number): number {
  const rate = BigInt(Math.round(ratePercent * 10_000));
  return Number((BigInt(subtotal) * rate + 500_000n) / 1_000_000n);
}

export function invoiceTotals(data: Pick<InvoiceDataDto, 'lines' | 'taxes'>) {
  const lines = data.lines.map((line) => ({ ...line, amount: line.quantity * line.unitPrice }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const taxes = (data.taxes ?? []).map((tax) => ({ ...tax, amount: taxAmount(subtotal, tax.rate) }));
  const total = subtotal + taxes.reduce((sum, tax) => sum + tax.amount, 0);
  return { lines, subtotal, taxes, total };
}

export function invoiceModel(data: InvoiceDataDto, issueDate: string, context: ModelContext): DocumentModel {
  const language = languageOf(context.locale);
  const { locale } = context;
  const totals = invoiceTotals(data);
  const customer = [data.customer.name, data.customer.address, data.customer.email].filter(Boolean).join('\n');
  return {
    title: `${label('invoice', language)} ${data.number}`,
    companyName: context.companyName,
    locale,
    currency: data.currency,
    facts: [
      { label: label('invoiceNumber', language), value: data.number },
      { label: label('customer', language), value: customer },
      { label: label('issueDate', language), value: formatDate(issueDate, locale) },
      ...(data.dueDate ? [{ label: label('dueDate', language), value: formatDate(data.dueDate, locale) }] : []),
      ...(data.customer.taxId ? [{ label: label('taxId', language), value: data.customer.taxId }] : []),
    ],
    tables: [
      {
        columns: [
          { header: label('description', language), kind: 'text', width: 6 },
          { header: label('quantity', language), kind: 'number', width: 2 },
          { header: label('unitPrice', language), kind: 'money', width: 3 },
          { header: label('amount', language), kind: 'money', width: 3 },
        ],
        rows: totals.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.amount]),
      },
    ],
    totals: [
      { label: label('subtotal', language), amount: totals.subtotal },
      ...totals.taxes.map((tax) => ({ label: `${tax.name} (${formatNumber(tax.rate, locale)} %)`, amount: tax.amount })),
      { label: label('total', language), amount: totals.total, strong: true },
    ],
    notes: data.notes,
  };
}

function periodText(from: string | undefined, to: string | undefined, context: ModelContext): string {
  const language = languageOf(context.locale);
  if (!from && !to) return label('allDates', language);
  const parts = [
    from ? `${label('from', language)} ${formatDate(from, context.locale)}` : '',
    to ? `${label('to', language)} ${formatDate(to, context.locale)}` : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return `${label('period', language)} : ${text}`;
}

/** Books' trial balance: movements and closing balances per account, with totals. */
export function trialBalanceModel(report: BooksContract.TrialBalance, data: FinancialReportDataDto, context: ModelContext): DocumentModel {
  const language = languageOf(context.locale);
  return {
    title: data.title ?? label('trialBalance', language),
    companyName: context.companyName,
    subtitle: periodText(data.from, data.to, context),
    locale: context.locale,
    currency: report.currency,
    facts: [
      { label: label('currency', language), value: report.currency },
      { label: label('balanced', language), value: label(report.totals.balanced ? 'yes' : 'no', language) },
    ],
    tables: [
      {
        columns: [
          { header: label('code', language), kind: 'text', width: 2 },
          { header: label('account', language), kind: 'text', width: 6 },
          { header: label('debits', language), kind: 'money', width: 3 },
          { header: label('credits', language), kind: 'money', width: 3 },
          { header: label('closingDebit', language), kind: 'money', width: 3 },
          { header: label('closingCredit', language), kind: 'money', width: 3 },
        ],
        rows: report.accounts.map((account) => [account.code, account.name, account.debits, account.credits, account.closingDebit, account.closingCredit]),
        footer: [label('totals', language), null, report.totals.debits, report.totals.credits, report.totals.closingDebit, report.totals.closingCredit],
      },
    ],
    totals: [],
  };
}

/** Rows as sent: account, debit, credit, with totals and whether they balance. */
export function rowsReportModel(data: FinancialReportDataDto & { rows: NonNullable<FinancialReportDataDto['rows']> }, context: ModelContext): DocumentModel {
  const language = languageOf(context.locale);
  const debit = data.rows.reduce((sum, row) => sum + row.debit, 0);
  const credit = data.rows.reduce((sum, row) => sum + row.credit, 0);
  return {
    title: data.title ?? label('financialReport', language),
    companyName: context.companyName,
    subtitle: data.from || data.to ? periodText(data.from, data.to, context) : undefined,
    locale: context.locale,
    currency: data.currency ?? 'XAF',
    facts: [
      { label: label('currency', language), value: data.currency ?? 'XAF' },
      { label: label('balanced', language), value: label(debit === credit ? 'yes' : 'no', language) },
    ],
    tables: [
      {
        columns: [
          { header: label('account', language), kind: 'text', width: 8 },
          { header: label('debit', language), kind: 'money', width: 3 },
          { header: label('credit', language), kind: 'money', width: 3 },
        ],
        rows: data.rows.map((row) => [row.account, row.debit || null, row.credit || null]),
        footer: [label('totals', language), debit, credit],
      },
    ],
    totals: [],
  };
}
