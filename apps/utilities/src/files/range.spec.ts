import { parseRange } from './range';

describe('parseRange', () => {
  const size = 1000;

  it('answers the whole file without a header, for another unit and for several ranges', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', size)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-6', size)).toEqual({ kind: 'full' });
  });

  it('serves a-b, a- and -n, the end clamped to the last byte', () => {
    expect(parseRange('bytes=0-99', size)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=900-', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-100', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', size)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRange('Bytes = 5-5', size)).toEqual({ kind: 'partial', start: 5, end: 5 });
  });

  it('refuses ranges that cannot be satisfied', () => {
    for (const header of ['bytes=1000-', 'bytes=1000-1001', 'bytes=-0', 'bytes=5-4', 'bytes=-', 'bytes=a-b', 'bytes=1-2-3']) {
      expect([header, parseRange(header, size)]).toEqual([header, { kind: 'unsatisfiable' }]);
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
