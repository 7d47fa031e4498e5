import { getHeapStatistics } from 'node:v8';
import { applyHeapGrowth } from './heap';

describe('applyHeapGrowth', () => {
  it('leaves V8 alone at 0', () => {
    expect(applyHeapGrowth(0, [])).toBe(false);
  });

  it('lets a flag given on the command line win', () => {
    expect(applyHeapGrowth(30, ['--max-old-space-size=200', '--heap-growing-percent=50'])).toBe(false);
  });

  it('sets the growth factor otherwise, and V8 accepts it', () => {
    const before = getHeapStatistics().heap_size_limit;
    expect(applyHeapGrowth(30, [])).toBe(true);
    // the flag changes when V8 collects, not how large the heap may become
    expect(getHeapStatistics().heap_size_limit).toBe(before);
  });
});
