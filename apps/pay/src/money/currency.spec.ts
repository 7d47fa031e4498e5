import { CURRENCIES, formatMinor, isAmount, isCurrency, MAX_AMOUNT, MINOR_UNITS } from './currency';

describe('currencies and amounts', () => {
  it('knows the minor unit of each currency it holds; the CFA francs have none', () => {
    expect(MINOR_UNITS.XAF).toBe(0);
    expect(MINOR_UNITS.XOF).toBe(0);
    expect(MINOR_UNITS.EUR).toBe(2);
    expect(CURRENCIES).toEqual(['XAF', 'XOF', 'NGN', 'KES', 'GHS', 'ZAR', 'EUR', 'USD']);
  });

  it('accepts only upper-case ISO 4217 codes it holds', () => {
    expect(isCurrency('XAF')).toBe(true);
    expect(isCurrency('xaf')).toBe(false);
    expect(isCurrency('JPY')).toBe(false);
    expect(isCurrency('toString')).toBe(false);
    expect(isCurrency(1)).toBe(false);
  });

  it('accepts positive safe integers up to the cap, nothing fractional or numeric-looking', () => {
    expect(isAmount(1)).toBe(true);
    expect(isAmount(MAX_AMOUNT)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_AMOUNT + 1, Number.NaN, Infinity, '100', null]) expect(isAmount(bad)).toBe(false);
  });

  it('formats minor units without floating point', () => {
    expect(formatMinor(150_000, 'XAF')).toBe('150000');
    expect(formatMinor(150_075, 'EUR')).toBe('1500.75');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(-1_005, 'USD')).toBe('-10.05');
    expect(() => formatMinor(1.5, 'USD')).toThrow(RangeError);
  });
});
