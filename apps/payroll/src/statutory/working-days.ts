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

export function monthBounds(date: string): { start: string; end: string } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return { start: isoDate(Date.UTC(year, month - 1, 1)), end: isoDate(Date.UTC(year, month, 0)) };
}

export function laterOf(...dates: (string | null | undefined)[]): string {
  return dates.filter((d): d is string => !!d).sort().at(-1)!;
}

export function earlierOf(...dates: (string | null | undefined)[]): string {
  return dates.filter((d): d is string => !!d).sort()[0];
}
