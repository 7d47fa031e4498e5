/** Calendar arithmetic on `YYYY-MM-DD` dates, in whole UTC days: HR dates carry no time zone. */

const DAY_MS = 86_400_000;

export interface DateRange {
  start: string;
  end: string;
}

/** A span of leave: `startHalfDay` starts it at midday on `start`, `endHalfDay` ends it at midday on `end`. */
export interface LeaveSpan extends DateRange {
  startHalfDay: boolean;
  endHalfDay: boolean;
}

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** Inclusive count of calendar days from start to end. */
export function calendarDays(range: DateRange): number {
  return dayNumber(range.end) - dayNumber(range.start) + 1;
}

export function isWorkingDay(date: string): boolean {
  // 1970-01-01 was a Thursday.
  const weekday = (((dayNumber(date) + 4) % 7) + 7) % 7;
  return weekday >= 1 && weekday <= 5;
}

/** Every date of the range, in order. */
export function eachDate(range: DateRange): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(range.start), last = dayNumber(range.end); day <= last; day++) dates.push(dateOf(day));
  return dates;
}

/** Open-ended ranges (`end` null) run forever. */
export function dateRangesOverlap(aStart: string, aEnd: string | null, bStart: string, bEnd: string | null): boolean {
  return (bEnd === null || aStart <= bEnd) && (aEnd === null || bStart <= aEnd);
}

/**
 * The leave counted on each working day of the span (Mon–Fri), 1 or 0.5, restricted to
 * `window` when given; a day outside the window counts nothing, even when it is a half day.
 */
export function leaveDaysByDate(span: LeaveSpan, window?: DateRange): Map<string, number> {
  const from = window && window.start > span.start ? window.start : span.start;
  const to = window && window.end < span.end ? window.end : span.end;
  const days = new Map<string, number>();
  if (from > to) return days;
  for (const date of eachDate({ start: from, end: to })) {
    if (!isWorkingDay(date)) continue;
    const half = (date === span.start && span.startHalfDay) || (date === span.end && span.endHalfDay);
    days.set(date, half ? 0.5 : 1);
  }
  return days;
}

/** Working days of leave in the span (halves allowed), optionally only those inside `window`. */
export function countLeaveDays(span: LeaveSpan, window?: DateRange): number {
  let total = 0;
  for (const days of leaveDaysByDate(span, window).values()) total += days;
  return total;
}

/**
 * Half-day precision: a request ending at midday and another starting at midday on the same
 * date do not overlap. Slots are half days; `[first, last)`.
 */
function halfDaySlots(span: LeaveSpan): [number, number] {
  return [
    dayNumber(span.start) * 2 + (span.startHalfDay ? 1 : 0),
    dayNumber(span.end) * 2 + (span.endHalfDay && !(span.start === span.end && span.startHalfDay) ? 1 : 2),
  ];
}

export function leaveSpansOverlap(a: LeaveSpan, b: LeaveSpan): boolean {
  const [aFirst, aLast] = halfDaySlots(a);
  const [bFirst, bLast] = halfDaySlots(b);
  return aFirst < bLast && bFirst < aLast;
}

/** The calendar years a range touches, each with the part of the range inside it. */
export function splitByYear(range: DateRange): { year: number; range: DateRange }[] {
  const parts: { year: number; range: DateRange }[] = [];
  for (let year = Number(range.start.slice(0, 4)); year <= Number(range.end.slice(0, 4)); year++) {
    const start = `${year}-01-01` > range.start ? `${year}-01-01` : range.start;
    const end = `${year}-12-31` < range.end ? `${year}-12-31` : range.end;
    parts.push({ year, range: { start, end } });
  }
  return parts;
}
