/** Calendar arithmetic on `YYYY-MM-DD` dates in whole UTC days: book dates carry no time zone. */
const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  const time = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}
