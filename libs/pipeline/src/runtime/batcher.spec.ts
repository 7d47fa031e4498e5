import { Batcher } from './batcher';

interface Call {
  items: number[];
  answer(results?: string[]): void;
  fail(error: Error): void;
}

/** A send whose calls the test answers by hand, in any order. */
function manualSend() {
  const calls: Call[] = [];
  const send = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, answer: (results) => resolve(results ?? items.map((item) => `r${item}`)), fail: reject });
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends at once while calls are free, then gathers what arrives meanwhile into one call', async () => {
    const { calls, send } = manualSend();
    const batcher = new Batcher(send, { maxBatch: 100, maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5].map((n) => batcher.run(n));
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);

    calls[1].answer();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5]]);
    calls[0].answer();
    calls[2].answer();
    await expect(Promise.all(results)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('keeps each call within maxBatch, in arrival order', async () => {
    const { calls, send } = manualSend();
    const batcher = new Batcher(send, { maxBatch: 2, maxInFlight: 1 });
    const results = [1, 2, 3, 4, 5, 6].map((n) => batcher.run(n));
    for (let i = 0; i < 4; i++) {
      calls[i].answer();
      await settle();
    }
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    await expect(Promise.all(results)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });

  it('fails every item of a failed call, and only those; the next call still goes', async () => {
    const { calls, send } = manualSend();
    const batcher = new Batcher(send, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.run(1);
    const second = [2, 3].map((n) => batcher.run(n));
    calls[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(calls[1].items).toEqual([2, 3]);
    calls[1].answer(['two', 'three']);
    await expect(Promise.all(second)).resolves.toEqual(['two', 'three']);
  });

  it('turns a send that throws into a rejection of its items', async () => {
    const batcher = new Batcher<number, number>(
      () => {
        throw new Error('not connected');
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(batcher.run(1)).rejects.toThrow('not connected');
    await expect(batcher.run(2)).rejects.toThrow('not connected');
  });

  it('with distinctBy, carries one item per key in a call; the others of that key follow in order', async () => {
    const { calls, send } = manualSend();
    const batcher = new Batcher(send, { maxBatch: 10, maxInFlight: 1, distinctBy: (n: number) => n % 10 });
    const results = [1, 11, 2, 21, 3, 12].map((n) => batcher.run(n));
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    for (let i = 0; i < 3; i++) {
      calls[i].answer();
      await settle();
    }
    // 11 and 21 share key 1 with 1; 12 shares key 2 with 2.
    expect(calls.map((c) => c.items)).toEqual([[1], [11, 2, 3], [21, 12]]);
    await expect(Promise.all(results)).resolves.toEqual(['r1', 'r11', 'r2', 'r21', 'r3', 'r12']);
  });

  it('with distinctBy, a full call leaves later keys for the next one, in arrival order', async () => {
    const { calls, send } = manualSend();
    const batcher = new Batcher(send, { maxBatch: 2, maxInFlight: 1, distinctBy: (n: number) => n });
    const results = [1, 2, 3, 4, 2].map((n) => batcher.run(n));
    for (let i = 0; i < 3; i++) {
      calls[i].answer();
      await settle();
    }
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 2]]);
    await expect(Promise.all(results)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r2']);
  });
});
