import { countLeaveDays, dateRangesOverlap, isWorkingDay, leaveSpansOverlap, splitByYear } from './dates';

const span = (start: string, end: string, startHalfDay = false, endHalfDay = false) => ({ start, end, startHalfDay, endHalfDay });

describe('working days', () => {
  it('knows the weekend', () => {
    // 2025-03-03 is a Monday.
    expect(['2025-03-03', '2025-03-07', '2025-03-08', '2025-03-09'].map(isWorkingDay)).toEqual([true, true, false, false]);
    expect(isWorkingDay('1969-12-31')).toBe(true);
  });

  it('counts Monday to Friday only', () => {
    expect(countLeaveDays(span('2025-03-03', '2025-03-09'))).toBe(5);
    expect(countLeaveDays(span('2025-03-08', '2025-03-09'))).toBe(0);
    expect(countLeaveDays(span('2025-03-07', '2025-03-10'))).toBe(2);
    expect(countLeaveDays(span('2024-02-26', '2024-03-01'))).toBe(5);
  });

  it('takes half a day off each flagged end', () => {
    expect(countLeaveDays(span('2025-03-03', '2025-03-07', true))).toBe(4.5);
    expect(countLeaveDays(span('2025-03-03', '2025-03-07', false, true))).toBe(4.5);
    expect(countLeaveDays(span('2025-03-03', '2025-03-07', true, true))).toBe(4);
  });

  it('gives half a day for a single day with either flag', () => {
    expect(countLeaveDays(span('2025-03-05', '2025-03-05'))).toBe(1);
    expect(countLeaveDays(span('2025-03-05', '2025-03-05', true))).toBe(0.5);
    expect(countLeaveDays(span('2025-03-05', '2025-03-05', false, true))).toBe(0.5);
  });

  it('ignores a half-day flag on a weekend end', () => {
    expect(countLeaveDays(span('2025-03-08', '2025-03-11', true))).toBe(2);
  });

  it('counts only the days inside a window, halves included only when their day is inside', () => {
    const newYear = span('2025-12-29', '2026-01-02', true, true);
    expect(countLeaveDays(newYear)).toBe(4);
    expect(countLeaveDays(newYear, { start: '2025-01-01', end: '2025-12-31' })).toBe(2.5);
    expect(countLeaveDays(newYear, { start: '2026-01-01', end: '2026-12-31' })).toBe(1.5);
    expect(countLeaveDays(newYear, { start: '2027-01-01', end: '2027-12-31' })).toBe(0);
  });

  it('splits a range by calendar year', () => {
    expect(splitByYear({ start: '2025-12-29', end: '2027-01-02' })).toEqual([
      { year: 2025, range: { start: '2025-12-29', end: '2025-12-31' } },
      { year: 2026, range: { start: '2026-01-01', end: '2026-12-31' } },
      { year: 2027, range: { start: '2027-01-01', end: '2027-01-02' } },
    ]);
  });
});

describe('overlaps', () => {
  it('compares date ranges, open ends running forever', () => {
    expect(dateRangesOverlap('2025-01-01', '2025-06-30', '2025-06-30', null)).toBe(true);
    expect(dateRangesOverlap('2025-01-01', '2025-06-30', '2025-07-01', null)).toBe(false);
    expect(dateRangesOverlap('2025-01-01', null, '2020-01-01', '2024-12-31')).toBe(false);
    expect(dateRangesOverlap('2025-01-01', null, '2030-01-01', null)).toBe(true);
  });

  it('lets a leave ending at midday meet one starting at midday', () => {
    expect(leaveSpansOverlap(span('2025-03-03', '2025-03-05', false, true), span('2025-03-05', '2025-03-07', true))).toBe(false);
    expect(leaveSpansOverlap(span('2025-03-03', '2025-03-05'), span('2025-03-05', '2025-03-07', true))).toBe(true);
    expect(leaveSpansOverlap(span('2025-03-03', '2025-03-05', false, true), span('2025-03-05', '2025-03-07'))).toBe(true);
  });

  it('treats single half days as morning (endHalfDay) or afternoon (startHalfDay)', () => {
    const morning = span('2025-03-05', '2025-03-05', false, true);
    const afternoon = span('2025-03-05', '2025-03-05', true);
    expect(leaveSpansOverlap(morning, afternoon)).toBe(false);
    expect(leaveSpansOverlap(morning, morning)).toBe(true);
    expect(leaveSpansOverlap(afternoon, span('2025-03-05', '2025-03-06'))).toBe(true);
    expect(leaveSpansOverlap(span('2025-03-03', '2025-03-04'), span('2025-03-05', '2025-03-06'))).toBe(false);
  });
});
