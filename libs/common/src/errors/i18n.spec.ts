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
