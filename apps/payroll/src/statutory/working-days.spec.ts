import { earlierOf, laterOf, monthWorkingDays, workingDaysBetween } from './working-days';

describe('working days', () => {
  it('counts a month’s working days from its table as the day-by-day count does, for every pair of its dates', () => {
    for (const month of ['2026-02-10', '2026-03-01', '2024-02-29', '2026-08-31']) {
      const count = monthWorkingDays(month);
      const days = Number(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
      for (let a = 1; a <= days; a++) {
        for (let b = 1; b <= days; b++) {
          const from = `${month.slice(0, 8)}${String(a).padStart(2, '0')}`;
          const to = `${month.slice(0, 8)}${String(b).padStart(2, '0')}`;
          expect([from, to, count(from, to)]).toEqual([from, to, workingDaysBetween(from, to)]);
        }
      }
    }
    expect(monthWorkingDays('2026-03-15')('2026-03-01', '2026-03-31')).toBe(22);
    expect(monthWorkingDays('2026-03-15')('2026-03-16', '2026-03-31')).toBe(12);
  });

  it('counts dates outside the month day by day', () => {
    expect(monthWorkingDays('2026-03-01')('2026-02-27', '2026-03-02')).toBe(2);
  });

  it('picks the latest and earliest of dates, skipping the missing', () => {
    expect(laterOf('2026-03-01', null, '2026-03-16', undefined)).toBe('2026-03-16');
    expect(earlierOf('2026-03-31', null, '2026-03-20')).toBe('2026-03-20');
    expect(earlierOf('2026-03-31', null, undefined)).toBe('2026-03-31');
  });
});
