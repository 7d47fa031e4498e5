const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Monday to Friday between two dates, both included (0 when start is after end). */
export function workingDaysBetween(start: string, end: string): number {
  let count = 0;
  for (let day = toUtc(start); day <= toUtc(end); day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/**
 * workingDaysBetween for dates of one month, answered from a table of the month's days built
 * once: a run asks it several times per employee.
 */
export function monthWorkingDays(date: string): (start: string, end: string) => number {
  const { start, end } = monthBounds(date);
  const month = start.slice(0, 7);
  // upTo[d]: working days from the 1st to day d included; upTo[0] = 0
  const upTo = [0];
  for (let day = toUtc(start), d = 1; day <= toUtc(end); day += DAY_MS, d++) {
    const weekday = new Date(day).getUTCDay();
    upTo[d] = upTo[d - 1] + (weekday !== 0 && weekday !== 6 ? 1 : 0);
  }
  return (from, to) => {
    if (from.slice(0, 7) !== month || to.slice(0, 7) !== month) return workingDaysBetween(from, to);
    const first = Number(from.slice(8, 10));
    const last = Number(to.slice(8, 10));
    return first > last ? 0 : upTo[last] - upTo[first - 1];
  };
}

export function monthBounds(date: string): { start: string; end: string } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return { start: isoDate(Date.UTC(year, month - 1, 1)), end: isoDate(Date.UTC(year, month, 0)) };
}

/** The latest of the dates given (ISO dates compare as strings). */
export function laterOf(...dates: (string | null | undefined)[]): string {
  let latest: string | undefined;
  for (const date of dates) if (date && (latest === undefined || date > latest)) latest = date;
  return latest!;
}

/** The earliest of the dates given. */
export function earlierOf(...dates: (string | null | undefined)[]): string {
  let earliest: string | undefined;
  for (const date of dates) if (date && (earliest === undefined || date < earliest)) earliest = date;
  return earliest!;
}
