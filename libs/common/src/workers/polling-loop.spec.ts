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

  it('reports a failed round and keeps polling', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = new PollingLoop(5, async () => {
      rounds++;
      if (rounds === 1) throw new Error('boom');
    }, (error) => errors.push(error));
    loop.start();
    await tick(40);
    await loop.stop();
    expect(errors).toHaveLength(1);
    expect(rounds).toBeGreaterThan(1);
  });
});
