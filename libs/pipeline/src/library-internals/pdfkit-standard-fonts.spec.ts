import PDFDocument from 'pdfkit';
import { STANDARD_FONTS, useStandardFonts } from './pdfkit-standard-fonts';

/** A PDF without what differs between two renders: its creation date and its file ID. */
const timeless = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/, '');

function draw(shared: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', bufferPages: true, font: shared ? '' : undefined });
  if (shared) useStandardFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let i = 0; i < 120; i++) {
    doc.font(i % 2 ? 'Helvetica-Bold' : 'Helvetica').fontSize(8 + (i % 5));
    doc.text(`Ligne ${i}: salaire de base, prime de transport — Éé ${'W'.repeat(i % 40)}`, { width: 300 });
  }
  doc.end();
  return done;
}

describe('pdfkit-standard-fonts (pdfkit 0.17)', () => {
  it('finds the font cache and counter pdfkit keeps on a document, and the parsed metrics on a loaded font', () => {
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      _fontFamilies: Record<string, { font: object; document: unknown }>;
      _fontCount: number;
      font(name: string): { _font: { font: object; document: unknown } };
    };
    expect(typeof doc._fontFamilies).toBe('object');
    expect(typeof doc._fontCount).toBe('number');
    for (const name of STANDARD_FONTS) {
      const loaded = doc.font(name)._font;
      expect(loaded.document).toBe(doc);
      expect(typeof loaded.font).toBe('object');
    }
  });

  it('gives every document fonts of its own over metrics parsed once', () => {
    const [a, b] = [new PDFDocument({ autoFirstPage: false, font: '' }), new PDFDocument({ autoFirstPage: false, font: '' })];
    useStandardFonts(a);
    useStandardFonts(b);
    const fonts = (doc: object) => (doc as { _fontFamilies: Record<string, { font: object; document: unknown; id: string }> })._fontFamilies;
    for (const name of STANDARD_FONTS) {
      expect(fonts(a)[name].font).toBe(fonts(b)[name].font);
      expect(fonts(a)[name]).not.toBe(fonts(b)[name]);
      expect([fonts(a)[name].document, fonts(b)[name].document]).toEqual([a, b]);
    }
    expect(STANDARD_FONTS.map((name) => fonts(a)[name].id)).toEqual(['F1', 'F2']);
  });

  it('writes, document after document, byte for byte what pdfkit writes when it loads the fonts for each', async () => {
    for (let round = 0; round < 3; round++) expect(timeless(await draw(true))).toBe(timeless(await draw(false)));
  });
});
