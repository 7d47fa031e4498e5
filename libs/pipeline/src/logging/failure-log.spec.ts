import { FailureLog, FailureLogSink } from './failure-log';

function recorder() {
  const lines: { level: string; args: unknown[] }[] = [];
  const sink: FailureLogSink = {
    warn: (...args: unknown[]) => lines.push({ level: 'warn', args }),
    error: (...args: unknown[]) => lines.push({ level: 'error', args }),
    log: (...args: unknown[]) => lines.push({ level: 'log', args }),
  };
  return { sink, lines };
}

describe('FailureLog', () => {
  const start = Date.parse('2026-11-25T10:00:00.000Z');
  const refused = '/internal/v1/revocations unreachable: connect ECONNREFUSED';

  it('logs the first failure at once, one line per interval while failures go on, and one when it works again', () => {
    const { sink, lines } = recorder();
    let now = start;
    const log = new FailureLog(sink, { now: () => now });

    log.failed('http://auth:3000', refused);
    expect(lines).toEqual([{ level: 'warn', args: [refused] }]);

    // a failure every 100 ms for 29.9 s: nothing more
    for (let i = 0; i < 299; i++) {
      now += 100;
      log.failed('http://auth:3000', refused);
    }
    expect(lines).toHaveLength(1);

    now = start + 30_000;
    log.failed('http://auth:3000', refused);
    expect(lines[1]).toEqual({
      level: 'warn',
      args: [{ failures: 301 }, `${refused} (still failing: 300 failures in the last 30 s, 301 since 2026-11-25T10:00:00.000Z)`],
    });

    // successes between failures (a dependency failing every other call) do not end it
    now = start + 40_000;
    log.failed('http://auth:3000', refused);
    now += 1000;
    log.succeeded('http://auth:3000');
    now += 1000;
    log.failed('http://auth:3000', refused);
    now += 1000;
    log.succeeded('http://auth:3000');
    expect(lines).toHaveLength(2);

    // a success after 5 s without failures ends it, once
    now = start + 47_000;
    log.succeeded('http://auth:3000');
    log.succeeded('http://auth:3000');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual({ level: 'log', args: [{ failures: 303 }, 'http://auth:3000: working again after 303 failure(s) over 42 s'] });

    // the next failure starts a new outage, logged at once
    now += 1;
    log.failed('http://auth:3000', '/internal/v1/tenancy/access answered 500 INTERNAL_ERROR');
    expect(lines[3]).toEqual({ level: 'warn', args: ['/internal/v1/tenancy/access answered 500 INTERNAL_ERROR'] });
  });

  it('keeps each key apart, logs at the level given with the error as err, and says nothing of a key that never failed', () => {
    const { sink, lines } = recorder();
    let now = start;
    const log = new FailureLog(sink, { level: 'error', now: () => now });
    const boom = new Error('connection terminated');

    log.succeeded('delivery round');
    expect(lines).toHaveLength(0);

    log.failed('delivery round', 'delivery round failed', boom);
    log.failed('document job claim', 'document job claim failed', boom);
    now += 1000;
    log.failed('delivery round', 'delivery round failed', boom);
    expect(lines).toEqual([
      { level: 'error', args: [{ err: boom }, 'delivery round failed'] },
      { level: 'error', args: [{ err: boom }, 'document job claim failed'] },
    ]);

    now += 5000;
    log.succeeded('delivery round');
    expect(lines[2]).toEqual({ level: 'log', args: [{ failures: 2 }, 'delivery round: working again after 2 failure(s) over 1 s'] });
    expect(lines).toHaveLength(3);
  });

  it('takes a failure long after the last one, with no success seen between, as a new outage', () => {
    const { sink, lines } = recorder();
    let now = start;
    const log = new FailureLog(sink, { now: () => now });
    log.failed('books', 'posting sweep failed: timeout');
    now += 10 * 60_000;
    log.failed('books', 'posting sweep failed: timeout');
    expect(lines).toEqual([
      { level: 'warn', args: ['posting sweep failed: timeout'] },
      { level: 'warn', args: ['posting sweep failed: timeout'] },
    ]);
  });
});
