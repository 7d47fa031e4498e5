/** WinAnsi characters outside Latin-1 that the standard PDF fonts (Helvetica) can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can draw. Intl separates French thousands with U+202F (narrow
 * no-break space), which Helvetica lacks: it becomes U+00A0, so "445 261 FCFA" stays on one
 * line. A letter outside the font falls back to its base letter (Ŋ has none: "?").
 */
export function pdfText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\u202f/g, '\u00a0')
    .replace(/\t/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/gu, (char) => {
      if (WIN_ANSI_EXTRA.has(char)) return char;
      const base = char.normalize('NFD').charAt(0);
      return /[\x20-\x7e]/.test(base) ? base : '?';
    });
}
