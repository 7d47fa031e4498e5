import { PollingLoop } from './polling-loop';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollingLoop', () => {
  it('runs one round at a time, again at once when woken during a round, and waits for it on stop', async () => {
    let running = 0;
    let maxRunning = 0;
    let rounds = 0;
    let release!: () => void;
    const loop = new PollingLoop(10_000, async () => {
      rounds++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise<void>((resolve) => (release = resolve));
      running--;
    }, () => undefined);
    loop.start();
    await tick();
    expect(rounds).toBe(1);
    loop.wake();
    loop.wake();
    release();
    await tick(5);
    expect(rounds).toBe(2);
    expect(maxRunning).toBe(1);
    const stopped = loop.stop();
    expect(loop.stopped).toBe(true);
    release();
    await stopped;
    loop.wake();
    await tick(5);
    expect(rounds).toBe(2);
  });

  it('reports a failed round and keeps polling, and says when a round works', async () => {
    const events: string[] = [];
    let rounds = 0;
    const loop = new PollingLoop(
      5,
      async () => {
        rounds++;
        if (rounds <= 2) throw new Error(`boom ${rounds}`);
      },
      (error) => events.push((error as Error).message),
      () => events.push('ok'),
    );
    loop.start();
    await tick(60);
    await loop.stop();
    expect(rounds).toBeGreaterThan(3);
    expect(events.slice(0, 3)).toEqual(['boom 1', 'boom 2', 'ok']);
    expect(events.slice(2).every((event) => event === 'ok')).toBe(true);
  });

  it('logged: a failing loop logs its first failure with the error, not every round, and when it works again', async () => {
    const lines: unknown[][] = [];
    const sink = { warn: () => undefined, error: (...args: unknown[]) => lines.push(['error', ...args]), log: (...args: unknown[]) => lines.push(['log', ...args]) };
    const boom = new Error('connection terminated');
    let rounds = 0;
    const loop = PollingLoop.logged(2, async () => {
      rounds++;
      if (rounds <= 5) throw boom;
    }, sink, 'delivery round', { quietMs: 0 });
    loop.start();
    await tick(60);
    await loop.stop();
    expect(rounds).toBeGreaterThan(6);
    expect(lines).toEqual([
      ['error', { err: boom }, 'delivery round failed'],
      ['log', { failures: 5 }, expect.stringMatching(/^delivery round: working again after 5 failure\(s\) over [\d.]+ s$/)],
    ]);
  });
});

