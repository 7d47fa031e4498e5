import { spawnSync } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { applyHeapGrowth, disableAllocationSitePretenuring } from './v8-heap-flags';

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

describe('disableAllocationSitePretenuring', () => {
  it('lets the flag on the command line win, either way', () => {
    expect(disableAllocationSitePretenuring(['--allocation-site-pretenuring'])).toBe(false);
    expect(disableAllocationSitePretenuring(['--no-allocation_site_pretenuring'])).toBe(false);
  });

  it('turns it off otherwise', () => {
    expect(disableAllocationSitePretenuring(['--max-semi-space-size=4'])).toBe(true);
  });

  it('names flags this V8 knows, both of them (V8 complains of one it does not)', () => {
    const stderrOf = (flag: string) =>
      spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`], { encoding: 'utf8' }).stderr;
    expect(stderrOf('--no-allocation-site-pretenuring')).toBe('');
    expect(stderrOf('--heap-growing-percent=15')).toBe('');
    expect(stderrOf('--no-allocation-site-pretenurin')).toContain('unrecognized flag');
  });
});
