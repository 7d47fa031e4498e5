import { quotaPeriod, QUOTA_PERIOD_SECONDS } from './plans';

describe('quotaPeriod', () => {
  const anchor = 1_700_000_000;
  it('starts at the anchor', () => {
    const p = quotaPeriod(anchor, anchor * 1000);
    expect(p.index).toBe(0);
    expect(p.start.getTime()).toBe(anchor * 1000);
    expect(p.end.getTime()).toBe((anchor + QUOTA_PERIOD_SECONDS) * 1000);
  });
  it('moves to the next period after 30 days exactly', () => {
    expect(quotaPeriod(anchor, (anchor + QUOTA_PERIOD_SECONDS - 1) * 1000).index).toBe(0);
    expect(quotaPeriod(anchor, (anchor + QUOTA_PERIOD_SECONDS) * 1000).index).toBe(1);
  });
  it('never goes negative for a clock behind the anchor', () => {
    expect(quotaPeriod(anchor, (anchor - 10) * 1000).index).toBe(0);
  });
});
