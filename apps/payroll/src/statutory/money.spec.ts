import { applyRate, divideRoundHalfUp, parseRate, prorate } from './money';

describe('money', () => {
  it('parses decimal rates exactly', () => {
    expect(parseRate('0.042')).toEqual({ numerator: 42n, denominator: 1000n });
    expect(parseRate('7')).toEqual({ numerator: 7n, denominator: 1n });
    expect(() => parseRate('-0.1')).toThrow();
    expect(() => parseRate('1e-3')).toThrow();
  });

  it('rounds halves up and everything else to the nearest unit', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divideRoundHalfUp(8n, 3n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(applyRate(43_435, '0.10')).toBe(4_344); // 4,343.5
    expect(applyRate(163_636, '0.042')).toBe(6_873); // 6,872.712
    expect(applyRate(530_000, '0.042')).toBe(22_260);
  });

  it('pro-rates over working days, half days included', () => {
    expect(prorate(300_000, 12, 22)).toBe(163_636); // 163,636.36
    expect(prorate(250_000, 3, 22)).toBe(34_091); // 34,090.91
    expect(prorate(220_000, 0.5, 22)).toBe(5_000);
    expect(prorate(500_000, 22, 22)).toBe(500_000);
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 style traps: 1,000,001 × 0.07 = 70,000.07
    expect(applyRate(1_000_001, '0.07')).toBe(70_000);
    expect(applyRate(9_007_199_254, '0.035')).toBe(315_251_974);
  });
});
