import { isAttendanceTime, toInstant, workedHours, writtenDate } from './attendance-time';

describe('attendance times', () => {
  it('accepts HH:mm and offset date-times only', () => {
    expect(['08:00', '23:59', '2025-03-03T08:00:00+01:00', '2025-03-03T08:00Z', '2025-03-03T08:00:00.5Z'].every(isAttendanceTime)).toBe(true);
    expect(['8:00', '24:00', '2025-03-03T08:00:00', '2025-02-30T08:00:00Z', 'now', 800].some(isAttendanceTime)).toBe(false);
  });

  it('reads HH:mm on the date in UTC and keeps a date-time as written', () => {
    expect(toInstant('2025-03-03', '08:15').toISOString()).toBe('2025-03-03T08:15:00.000Z');
    expect(toInstant('2025-03-03', '2025-03-03T08:15:00+01:00').toISOString()).toBe('2025-03-03T07:15:00.000Z');
    expect(writtenDate('2025-03-03', '2025-03-04T01:00:00+01:00')).toBe('2025-03-04');
    expect(writtenDate('2025-03-03', '08:00')).toBe('2025-03-03');
  });

  it('rounds worked hours to 2 decimals', () => {
    expect(workedHours({ checkIn: new Date('2025-03-03T08:00:00Z'), checkOut: new Date('2025-03-03T16:20:00Z') })).toBe(8.33);
    expect(workedHours({ checkIn: new Date('2025-03-03T08:00:00Z'), checkOut: null })).toBe(0);
  });
});
