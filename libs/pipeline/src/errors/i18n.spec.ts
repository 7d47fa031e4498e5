import { interpolate, negotiateLanguage } from './i18n';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-CM,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,fr;q=0.5', 'fr'],
    ['de-DE', 'en'],
    ['en;q=0.2, fr;q=0.7', 'fr'],
    ['fr;q=0', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('interpolate', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(interpolate('a {x} b {y}', { x: 1 })).toBe('a 1 b {y}');
  });
});

describe('interpolate with plural forms', () => {
  const retry = 'Retry after {retryAfter, plural, one {# second} other {# seconds}}.';
  const reessayer = 'Réessayez dans {retryAfter, plural, one {# seconde} other {# secondes}}.';

  it('takes the form of the number’s plural category in the language', () => {
    expect(interpolate(retry, { retryAfter: 1 })).toBe('Retry after 1 second.');
    expect(interpolate(retry, { retryAfter: 2 })).toBe('Retry after 2 seconds.');
    expect(interpolate(retry, { retryAfter: 0 })).toBe('Retry after 0 seconds.');
    expect(interpolate(reessayer, { retryAfter: 1 }, 'fr')).toBe('Réessayez dans 1 seconde.');
    expect(interpolate(reessayer, { retryAfter: 0 }, 'fr')).toBe('Réessayez dans 0 seconde.');
    expect(interpolate(reessayer, { retryAfter: 900 }, 'fr')).toBe('Réessayez dans 900 secondes.');
  });

  it('prefers an exact =n form, and leaves the placeholder without a number', () => {
    expect(interpolate('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 })).toBe('none');
    expect(interpolate(retry, {})).toBe(retry);
    expect(interpolate(retry, { retryAfter: 'soon' })).toBe(retry);
  });
});
