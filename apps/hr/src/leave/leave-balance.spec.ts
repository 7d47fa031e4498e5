import { BookedLeave, findShortfall, yearBalance } from './leave-balance';

const leave = (start: string, end: string, status: BookedLeave['status'], startHalfDay = false, endHalfDay = false): BookedLeave => ({
  start,
  end,
  status,
  startHalfDay,
  endHalfDay,
});

describe('leave balance', () => {
  it('subtracts taken (approved) and pending days from the allowance', () => {
    const booked = [leave('2025-03-03', '2025-03-07', 'approved'), leave('2025-04-07', '2025-04-08', 'pending', true)];
    expect(yearBalance(18, booked, 2025)).toEqual({ allowance: 18, taken: 5, pending: 1.5, remaining: 11.5 });
  });

  it('counts a request across New Year in each year', () => {
    const booked = [leave('2025-12-29', '2026-01-02', 'approved')];
    expect(yearBalance(10, booked, 2025)).toMatchObject({ taken: 3, remaining: 7 });
    expect(yearBalance(10, booked, 2026)).toMatchObject({ taken: 2, remaining: 8 });
  });

  it('finds the year a request does not fit in', () => {
    const booked = [leave('2026-01-05', '2026-01-09', 'approved')];
    const request = { start: '2025-12-29', end: '2026-01-02', startHalfDay: false, endHalfDay: false };
    expect(findShortfall(5, booked, request)).toEqual({ year: 2026, available: 0, requested: 2 });
    expect(findShortfall(7, booked, request)).toBeNull();
    expect(findShortfall(2.5, [], request)).toEqual({ year: 2025, available: 2.5, requested: 3 });
  });

  it('never reports a negative availability', () => {
    expect(
      findShortfall(1, [leave('2025-03-03', '2025-03-04', 'approved')], { start: '2025-03-10', end: '2025-03-10', startHalfDay: false, endHalfDay: false }),
    ).toEqual({ year: 2025, available: 0, requested: 1 });
  });
});
