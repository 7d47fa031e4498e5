import { bearerCandidate, hasNoWhitespace } from './bearer';

const REFERENCE = /^Bearer +(\S+)$/i;

/** The two checks together, as the auth guard makes them for a token it has not cached. */
function bearerToken(header: string | undefined): string | undefined {
  const candidate = bearerCandidate(header);
  return candidate !== undefined && hasNoWhitespace(candidate) ? candidate : undefined;
}

describe('bearerToken', () => {
  const headers = [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Bearer    ',
    'Bearer abc',
    'Bearer    abc.def.ghi',
    'bearer abc',
    'BEARER abc',
    'bEaReR   abc.def.ghi',
    'Bearer\u00a0abc',
    'Basic abc',
    'Bearerabc',
    'Bearer\tabc',
    'Bearer abc def',
    'Bearer abc ',
    'Bearer abc\t',
    'Bearer abc\n',
    'Bearer a\u00a0b',
    'Bearer a\u2028b',
    ' Bearer abc',
    'Bearer é.ü.ß',
    `Bearer ${'x'.repeat(900)}.${'y'.repeat(86)}`,
  ];

  it.each(headers.map((header) => [header]))('answers %j as /^Bearer +(\\S+)$/i does', (header) => {
    expect(bearerToken(header)).toBe(header === undefined ? undefined : REFERENCE.exec(header)?.[1]);
  });

  it('gives the candidate after the spaces, and leaves the whitespace check to hasNoWhitespace', () => {
    expect(bearerCandidate('Bearer   a b')).toBe('a b');
    expect(hasNoWhitespace('a b')).toBe(false);
    expect(hasNoWhitespace('a.b.c')).toBe(true);
    expect(bearerCandidate('Bearer   ')).toBeUndefined();
  });
});
