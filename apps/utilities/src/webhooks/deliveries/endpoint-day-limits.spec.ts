import { utcDay } from './endpoint-day-limits.service';

describe('utcDay', () => {
  it('names the UTC day and what is left of it', () => {
    expect(utcDay(Date.parse('2026-03-31T00:00:00.000Z'))).toEqual({ day: '2026-03-31', leftMs: 86_400_000 });
    expect(utcDay(Date.parse('2026-03-31T18:00:00.000Z'))).toEqual({ day: '2026-03-31', leftMs: 6 * 3_600_000 });
    expect(utcDay(Date.parse('2026-03-31T23:59:59.999Z'))).toEqual({ day: '2026-03-31', leftMs: 1 });
  });

  it('is the UTC day whatever the local time zone says', () => {
    expect(utcDay(Date.parse('2026-04-01T00:30:00+01:00')).day).toBe('2026-03-31');
  });
});
