import PDFDocument from 'pdfkit';

/** The standard fonts the renderer draws with, in the order pdfkit first meets them (their resource names F1, F2 follow it). */
export const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold'] as const;

/** What pdfkit keeps of a standard font: its parsed metrics (`font`, read only once parsed) and the document's own parts. */
interface StandardFont {
  document: PDFKit.PDFDocument;
  id: string;
  font: object;
  dictionary?: unknown;
  embedded?: boolean;
}

/** The font cache and counter pdfkit 0.17 keeps on a document (FontsMixin). */
interface FontState {
  _fontFamilies: Record<string, StandardFont>;
  _fontCount: number;
}

const parsed = new Map<string, StandardFont>();

/**
 * pdfkit reads and parses a standard font's metrics file (AFM, 60–100 KB of text) for every
 * document that uses the font: about 8 ms of a 20 ms payslip. Here each thread (a render worker) parses them once;
 * every document gets fonts of its own (its own resource name and dictionary) over the same
 * metrics, so its bytes are those pdfkit writes itself. A pdfkit that keeps fonts otherwise
 * leaves the document to load its fonts as before.
 */
export function useStandardFonts(doc: PDFKit.PDFDocument): void {
  const state = doc as unknown as Partial<FontState>;
  if (typeof state._fontFamilies !== 'object' || state._fontFamilies === null || typeof state._fontCount !== 'number') return;
  for (const name of STANDARD_FONTS) {
    let template = parsed.get(name);
    if (!template) {
      const scratch = new PDFDocument({ autoFirstPage: false });
      template = (scratch.font(name) as unknown as { _font: StandardFont })._font;
      if (!template?.font || template.document !== scratch) return;
      parsed.set(name, template);
    }
    state._fontCount += 1;
    state._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as StandardFont, template, {
      document: doc,
      id: `F${state._fontCount}`,
      dictionary: undefined,
      embedded: undefined,
    });
  }
}
