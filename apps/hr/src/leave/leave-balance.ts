import { countLeaveDays, LeaveSpan, splitByYear } from '../shared/dates';

export interface BookedLeave extends LeaveSpan {
  status: 'pending' | 'approved';
}

export interface YearBalance {
  allowance: number;
  taken: number;
  pending: number;
  remaining: number;
}

/**
 * A leave type's balance for one calendar year: approved leave is taken, pending leave is
 * held; a request across New Year counts its working days in each year. The allowance is
 * the same every year (no proration, no carry-over).
 */
export function yearBalance(allowance: number, booked: BookedLeave[], year: number): YearBalance {
  const window = { start: `${year}-01-01`, end: `${year}-12-31` };
  let taken = 0;
  let pending = 0;
  for (const leave of booked) {
    const days = countLeaveDays(leave, window);
    if (leave.status === 'approved') taken += days;
    else pending += days;
  }
  return { allowance, taken, pending, remaining: allowance - taken - pending };
}

export interface Shortfall {
  year: number;
  available: number;
  requested: number;
}

/** The first year in which the request needs more days than remain, or null when it fits. */
export function findShortfall(allowance: number, booked: BookedLeave[], request: LeaveSpan): Shortfall | null {
  for (const { year, range } of splitByYear(request)) {
    const requested = countLeaveDays(request, range);
    const available = yearBalance(allowance, booked, year).remaining;
    if (requested > available) return { year, available: Math.max(0, available), requested };
  }
  return null;
}
