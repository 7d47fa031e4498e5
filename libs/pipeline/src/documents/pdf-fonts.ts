/**
 * The standard fonts a PDF is drawn with, parsed once per thread instead of once per document
 * (library-internals/pdfkit-standard-fonts.ts holds the patch and says why).
 */
export { STANDARD_FONTS, useStandardFonts } from '../library-internals/pdfkit-standard-fonts';
