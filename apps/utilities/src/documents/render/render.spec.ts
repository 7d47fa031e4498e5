import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { DocumentModel } from './document-model';
import { formatMoney, spreadsheetMoneyFormat } from './locale';
import { invoiceTotals, rowsReportModel, taxAmount } from './models';
import { pdfText } from './pdf-text';
import { renderPdf, textHeight } from './pdf-renderer';
import { renderXlsx, sheetName } from './xlsx-renderer';

/** A PDF without what differs between two renders of one model: its creation date and its file ID. */
const timeless = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/, '');

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('document rendering', () => {
  it('formats XAF without decimals as Intl does for the locale, and 2-decimal currencies from minor units', () => {
    expect(formatMoney(445_261, 'XAF', 'fr-CM')).toBe('445\u202f261\u00a0FCFA');
    expect(formatMoney(445_261, 'XAF', 'en-CM')).toBe('FCFA\u00a0445,261');
    expect(formatMoney(123_450, 'EUR', 'fr-CM')).toBe('1\u202f234,50\u00a0€');
    expect(spreadsheetMoneyFormat('XAF', 'fr-CM')).toBe('#,##0 "FCFA"');
    expect(spreadsheetMoneyFormat('EUR', 'en-CM')).toBe('#,##0.00 "€"');
  });

  it('keeps PDF text within the standard fonts: narrow no-break space becomes a no-break space, accents stay', () => {
    expect(pdfText('445\u202f261\u00a0FCFA')).toBe('445\u00a0261\u00a0FCFA');
    expect(pdfText('Désignation — “TVA” €')).toBe('Désignation — “TVA” €');
    expect(pdfText('Ŋgoa Ǹdi 中')).toBe('?goa Ndi ?');
  });

  it('computes invoice lines, taxes half up to the unit, and totals', () => {
    expect(taxAmount(100_000, 19.25)).toBe(19_250);
    expect(taxAmount(3, 50)).toBe(2);
    expect(taxAmount(1_001, 19.25)).toBe(193);
    const totals = invoiceTotals({
      lines: [
        { description: 'a', quantity: 3, unitPrice: 12_500 },
        { description: 'b', quantity: 1, unitPrice: 1 },
      ],
      taxes: [{ name: 'TVA', rate: 19.25 }],
    });
    expect(totals).toMatchObject({ subtotal: 37_501, total: 37_501 + 7_219 });
  });

  it('breaks a long table across pages with page numbers, and writes the same model as a workbook', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ account: `${600 + i} Account ${i}`, debit: i * 1000, credit: 0 }));
    const model: DocumentModel = rowsReportModel({ title: 'Long report', rows }, { locale: 'fr-CM', companyName: 'Acme SARL' });
    const pdf = await renderPdf(model);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    expect(pageCount(pdf.bytes)).toBe(pdf.pageCount);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await renderXlsx(model));
    const sheet = workbook.getWorksheet('Long report')!;
    expect(sheet.getCell('A1').value).toBe('Acme SARL');
    const header = sheet.getRow(7);
    expect(header.getCell(1).value).toBe('Compte');
    expect(header.getCell(1).font?.bold).toBe(true);
    const last = sheet.getRow(7 + 120);
    expect(last.getCell(2).value).toBe(119_000);
    expect(last.getCell(2).numFmt).toBe('#,##0 "FCFA"');
    expect(sheet.getRow(8 + 120).getCell(2).value).toBe((119 * 120 * 1000) / 2);
  });

  it('draws with the standard fonts parsed once per thread, writing byte for byte what pdfkit writes when it loads them for each document', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ account: `${600 + i} Compte Éé ${i}`, debit: i * 1000, credit: i % 3 ? 0 : 7 }));
    const models = [
      rowsReportModel({ title: 'Grand livre', rows, currency: 'XAF' }, { locale: 'fr-CM', companyName: 'Acme SARL' }),
      rowsReportModel({ title: 'Ledger', rows: rows.slice(0, 3) }, { locale: 'en-CM', companyName: 'Acme SARL' }),
    ];
    let ownFonts: typeof renderPdf = renderPdf;
    jest.isolateModules(() => {
      jest.doMock('@platform/pipeline/documents/pdf-fonts', () => ({ useStandardFonts: () => undefined }));
      ownFonts = (require('./pdf-renderer') as typeof import('./pdf-renderer')).renderPdf;
    });
    for (const model of [...models, ...models]) {
      const [shared, own] = [await renderPdf(model), await ownFonts(model)];
      expect(timeless(shared.bytes)).toBe(timeless(own.bytes));
      expect(shared.pageCount).toBe(own.pageCount);
    }
  });

  it('measures a cell as pdfkit lays it out, one line or several', () => {
    const doc = new PDFDocument({ size: 'A4' });
    for (const font of ['Helvetica', 'Helvetica-Bold']) {
      doc.font(font).fontSize(9);
      for (let length = 0; length <= 60; length += 1) {
        for (const text of ['W'.repeat(length), `${'word '.repeat(length)}end`, `line\n${'i'.repeat(length)}`]) {
          expect(textHeight(doc, text || ' ', 100)).toBeCloseTo(doc.heightOfString(text || ' ', { width: 100 }), 9);
        }
      }
    }
  });

  it('names sheets as Excel allows', () => {
    expect(sheetName('Balance [2026]: a/b*c?')).toBe('Balance  2026   a b c');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
