import ExcelJS from 'exceljs';
import type { Cell, ColumnKind, DocumentModel } from './document-model';
import { label } from './labels';
import { languageOf, spreadsheetMoneyFormat, toMajorUnits } from './locale';

const HEAD_FILL = 'FF1F3A5F';
const THIN = { style: 'thin' as const, color: { argb: 'FFC9D1DC' } };

/** ≤ 31 characters, none of `[]:*?/\`: what Excel accepts as a sheet name. */
export function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Document'
  );
}

/**
 * One sheet per document: company, title and facts on top, each table with a styled header row,
 * amounts as numbers in major units with the currency's number format (the spreadsheet stays
 * computable), totals, and "Page &P / &N" in the printed footer.
 */
export async function renderXlsx(model: DocumentModel): Promise<Buffer> {
  const language = languageOf(model.locale);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Platform documents';
  workbook.title = model.title;
  workbook.company = model.companyName;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(model.title), {
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: { oddFooter: `&L${escapeFooter(model.companyName)}&R${label('page', language)} &P / &N` },
  });
  const columnCount = Math.max(2, ...model.tables.map((table) => table.columns.length));
  sheet.columns = Array.from({ length: columnCount }, (_, i) => ({ width: i === 0 ? 38 : 20 }));
  const moneyFormat = spreadsheetMoneyFormat(model.currency, model.locale);

  sheet.addRow([model.companyName]).font = { bold: true, size: 12, color: { argb: 'FF5F6B7A' } };
  sheet.addRow([model.title]).font = { bold: true, size: 16 };
  if (model.subtitle) sheet.addRow([model.subtitle]).font = { italic: true, color: { argb: 'FF5F6B7A' } };
  sheet.addRow([]);
  for (const fact of model.facts) {
    const row = sheet.addRow([fact.label, fact.value]);
    row.getCell(1).font = { bold: true, color: { argb: 'FF5F6B7A' } };
  }

  for (const table of model.tables) {
    sheet.addRow([]);
    if (table.title) sheet.addRow([table.title]).font = { bold: true, size: 12 };
    const header = sheet.addRow(table.columns.map((column) => column.header));
    header.eachCell((cell, index) => {
      cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEAD_FILL } };
      cell.border = { top: THIN, bottom: THIN, left: THIN, right: THIN };
      cell.alignment = { horizontal: table.columns[index - 1].kind === 'text' ? 'left' : 'right' };
    });
    const write = (cells: Cell[], bold: boolean) => {
      const row = sheet.addRow(cells.map((cell, i) => cellValue(cell, table.columns[i].kind, model.currency)));
      table.columns.forEach((column, i) => {
        const cell = row.getCell(i + 1);
        const format = numberFormat(column.kind, moneyFormat);
        if (format) cell.numFmt = format;
        cell.border = { bottom: THIN };
        if (bold) {
          cell.font = { bold: true };
          cell.border = { top: { style: 'double' }, bottom: THIN };
        }
      });
    };
    for (const cells of table.rows) write(cells, false);
    if (table.footer) write(table.footer, true);
  }

  if (model.totals.length) {
    sheet.addRow([]);
    for (const line of model.totals) {
      const values: (string | number | null)[] = Array(columnCount).fill(null);
      values[columnCount - 2] = line.label;
      values[columnCount - 1] = toMajorUnits(line.amount, model.currency);
      const row = sheet.addRow(values);
      row.getCell(columnCount).numFmt = moneyFormat;
      if (line.strong) row.font = { bold: true, size: 12 };
    }
  }
  if (model.notes) {
    sheet.addRow([]);
    sheet.addRow([label('notes', language)]).font = { bold: true };
    sheet.addRow([model.notes]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellValue(cell: Cell, kind: ColumnKind, currency: string): string | number | null {
  if (cell === null || cell === '') return null;
  if (kind === 'money') return toMajorUnits(Number(cell), currency);
  if (kind === 'number' || kind === 'rate') return Number(cell);
  return String(cell);
}

function numberFormat(kind: ColumnKind, moneyFormat: string): string | undefined {
  if (kind === 'money') return moneyFormat;
  if (kind === 'rate') return '0.0##%';
  if (kind === 'number') return '#,##0.##';
  return undefined;
}

/** `&` starts a code in Excel headers and footers. */
function escapeFooter(text: string): string {
  return text.replace(/&/g, '&&');
}
