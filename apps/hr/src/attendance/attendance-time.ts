import { isDateOnly } from '@platform/pipeline';
import { AttendanceRecord } from './attendance-record.entity';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A date-time with an explicit offset: a bare local time would be read in the server's zone. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export const TIME_FORMAT_MESSAGE = 'must be an ISO 8601 date-time with an offset (2025-03-03T08:00:00+01:00) or HH:mm';

export function isAttendanceTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const dateTime = DATE_TIME.exec(value);
  return CLOCK_TIME.test(value) || (dateTime !== null && isDateOnly(dateTime[1]));
}

/**
 * The instant of a check-in/out. HH:mm is read on `date` in UTC (the API has no company time
 * zone yet); send a date-time with an offset for local times.
 */
export function toInstant(date: string, value: string): Date {
  return new Date(CLOCK_TIME.test(value) ? `${date}T${value}:00Z` : value);
}

/** The calendar date a value names: `date` for HH:mm, the written date for a date-time. */
export function writtenDate(date: string, value: string): string {
  return DATE_TIME.exec(value)?.[1] ?? date;
}

/** Unrounded, so that totals are rounded once. */
export function exactWorkedHours(record: Pick<AttendanceRecord, 'checkIn' | 'checkOut'>): number {
  if (!record.checkIn || !record.checkOut) return 0;
  return (record.checkOut.getTime() - record.checkIn.getTime()) / 3_600_000;
}

export function workedHours(record: Pick<AttendanceRecord, 'checkIn' | 'checkOut'>): number {
  return roundHours(exactWorkedHours(record));
}

export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}
