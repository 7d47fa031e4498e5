import PDFDocument from 'pdfkit';
import type { Cell, ColumnKind, DocumentModel, TableModel } from './document-model';
import { label } from './labels';
import { formatMoney, formatNumber, formatRate, languageOf } from './locale';
import { pdfText } from './pdf-text';
import { useStandardFonts } from '@platform/pipeline/documents/pdf-fonts';

const MARGIN = 48;
const FOOTER_SPACE = 28;
const PAD = 4;
const INK = '#1d2433';
const MUTED = '#5f6b7a';
const HEAD_FILL = '#1f3a5f';
const ZEBRA_FILL = '#f2f5f9';
const RULE = '#c9d1dc';

export interface RenderedPdf {
  bytes: Buffer;
  pageCount: number;
}

type Doc = PDFKit.PDFDocument;

export function formatCell(value: Cell, kind: ColumnKind, model: DocumentModel): string {
  if (value === null || value === '') return '';
  if (kind === 'money') return formatMoney(Number(value), model.currency, model.locale);
  if (kind === 'number') return formatNumber(Number(value), model.locale);
  if (kind === 'rate') return formatRate(value, model.locale);
  return String(value);
}

/**
 * A4 pages: the company and title on the first page, a running header on the next ones, tables
 * that break across pages with their header row repeated, and "Page i / N" in every footer
 * (pages are buffered, so N is known when the footers are drawn).
 */
export function renderPdf(model: DocumentModel): Promise<RenderedPdf> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(model.title), Author: pdfText(model.companyName), Creator: 'Platform documents' },
    // none loaded here: the document takes this thread's standard fonts (useStandardFonts), Helvetica first as pdfkit's default
    font: '',
  });
  useStandardFonts(doc);
  doc.font('Helvetica');
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const language = languageOf(model.locale);
  doc.on('pageAdded', () => runningHeader(doc, model));

  heading(doc, model);
  facts(doc, model);
  for (const table of model.tables) drawTable(doc, table, model, language);
  totals(doc, model);
  if (model.notes) {
    ensure(doc, 40);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).fillColor(INK).text(label('notes', language), MARGIN, doc.y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(pdfText(model.notes), MARGIN, doc.y + 2, { width: contentWidth(doc) });
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    footer(doc, model, `${label('page', language)} ${index + 1} / ${range.count}`);
  }
  doc.end();
  return finished.then((bytes) => ({ bytes, pageCount: range.count }));
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/**
 * The height of text laid out in `width` with the current font: a line's when it is one line
 * well within the width (most cells), which pdfkit would find by laying it out as it does to draw it.
 */
export function textHeight(doc: Doc, text: string, width: number): number {
  if (!text.includes('\n') && doc.widthOfString(text) < width - 1) return doc.currentLineHeight(true);
  return doc.heightOfString(text, { width });
}

function ensure(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

function heading(doc: Doc, model: DocumentModel): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(MUTED)
    .text(pdfText(model.companyName), MARGIN, MARGIN, { width: contentWidth(doc) });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(pdfText(model.title), MARGIN, doc.y + 4, { width: contentWidth(doc) });
  if (model.subtitle)
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(pdfText(model.subtitle), MARGIN, doc.y + 2, { width: contentWidth(doc) });
  const y = doc.y + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(1)
    .strokeColor(HEAD_FILL)
    .stroke();
  doc.y = y + 10;
}

function runningHeader(doc: Doc, model: DocumentModel): void {
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(pdfText(`${model.companyName} — ${model.title}`), MARGIN, MARGIN - 22, { width: contentWidth(doc), lineBreak: false });
  doc.fillColor(INK);
  doc.y = MARGIN;
}

/** Facts in two columns: a small grey label over its value. */
function facts(doc: Doc, model: DocumentModel): void {
  const columnWidth = contentWidth(doc) / 2;
  for (let index = 0; index < model.facts.length; index += 2) {
    const pair = model.facts.slice(index, index + 2);
    doc.font('Helvetica').fontSize(10);
    const height = Math.max(...pair.map((fact) => textHeight(doc, pdfText(fact.value), columnWidth - 12))) + 14;
    ensure(doc, height);
    const y = doc.y;
    pair.forEach((fact, column) => {
      const x = MARGIN + column * columnWidth;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(pdfText(fact.label).toUpperCase(), x, y, { width: columnWidth - 12 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(pdfText(fact.value), x, y + 11, { width: columnWidth - 12 });
    });
    doc.y = y + height + 2;
  }
  doc.y += 6;
}

function drawTable(doc: Doc, table: TableModel, model: DocumentModel, language: 'en' | 'fr'): void {
  const width = contentWidth(doc);
  const weight = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / weight) * width);
  const aligns = table.columns.map((column) => (column.kind === 'text' ? 'left' : 'right') as 'left' | 'right');

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(9);
    return Math.max(...cells.map((text, i) => textHeight(doc, text || ' ', widths[i] - PAD * 2))) + PAD * 2;
  };
  const drawRow = (cells: string[], font: string, height: number, fill?: string, color = INK) => {
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, width, height).fill(fill);
    let x = MARGIN;
    doc.font(font).fontSize(9).fillColor(color);
    cells.forEach((text, i) => {
      doc.text(text, x + PAD, y + PAD, { width: widths[i] - PAD * 2, align: aligns[i] });
      x += widths[i];
    });
    doc.y = y + height;
  };
  const headers = table.columns.map((column) => pdfText(column.header));
  const headerHeight = rowHeight(headers, 'Helvetica-Bold');
  const drawHead = (continued: boolean) => {
    if (table.title) {
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor(INK)
        .text(pdfText(continued ? `${table.title} (${label('continued', language)})` : table.title), MARGIN, doc.y, { width });
      doc.y += 4;
    }
    drawRow(headers, 'Helvetica-Bold', headerHeight, HEAD_FILL, '#ffffff');
  };

  const titleHeight = table.title ? 22 : 0;
  const texts = table.rows.map((row) => row.map((cell, i) => pdfText(formatCell(cell, table.columns[i].kind, model))));
  const firstHeight = texts.length ? rowHeight(texts[0], 'Helvetica') : 0;
  ensure(doc, titleHeight + headerHeight + firstHeight);
  drawHead(false);
  texts.forEach((cells, index) => {
    const height = rowHeight(cells, 'Helvetica');
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      drawHead(true);
    }
    drawRow(cells, 'Helvetica', height, index % 2 ? ZEBRA_FILL : undefined);
  });
  if (table.footer) {
    const cells = table.footer.map((cell, i) => pdfText(formatCell(cell, table.columns[i].kind, model)));
    const height = rowHeight(cells, 'Helvetica-Bold');
    ensure(doc, height);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    drawRow(cells, 'Helvetica-Bold', height);
  }
  doc.y += 14;
}

/** Right-hand block of labelled amounts; the strong ones (net pay, total) on a shaded band. */
function totals(doc: Doc, model: DocumentModel): void {
  if (!model.totals.length) return;
  const blockWidth = 300;
  const x = MARGIN + contentWidth(doc) - blockWidth;
  for (const line of model.totals) {
    const height = line.strong ? 22 : 16;
    ensure(doc, height);
    const y = doc.y;
    if (line.strong) doc.rect(x, y, blockWidth, height).fill(ZEBRA_FILL);
    const font = line.strong ? 'Helvetica-Bold' : 'Helvetica';
    const size = line.strong ? 11 : 10;
    doc.font(font).fontSize(size).fillColor(INK);
    doc.text(pdfText(line.label), x + PAD, y + (height - size) / 2, { width: 150, lineBreak: false });
    doc.text(pdfText(formatMoney(line.amount, model.currency, model.locale)), x + 150, y + (height - size) / 2, {
      width: blockWidth - 150 - PAD,
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + height + 2;
  }
  doc.y += 8;
}

function footer(doc: Doc, model: DocumentModel, pageLabel: string): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = doc.page.height - MARGIN - 4;
  doc
    .moveTo(MARGIN, y - 6)
    .lineTo(MARGIN + contentWidth(doc), y - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(pdfText(`${model.companyName} — ${model.title}`), MARGIN, y, { width: contentWidth(doc) - 90, lineBreak: false });
  doc.text(pageLabel, MARGIN + contentWidth(doc) - 90, y, { width: 90, align: 'right', lineBreak: false });
  doc.page.margins.bottom = bottom;
}
