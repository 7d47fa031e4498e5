import { atTurnEnd } from './turn-end';

describe('atTurnEnd', () => {
  it('settles after the work queued before it in the turn, all together, in the order asked', async () => {
    const order: string[] = [];
    const first = atTurnEnd('a').then((value) => order.push(value));
    const second = atTurnEnd('b').then((value) => order.push(value));
    await Promise.resolve();
    order.push('microtasks of this turn');
    await Promise.all([first, second]);
    expect(order).toEqual(['microtasks of this turn', 'a', 'b']);
  });

  it('uses one setImmediate per turn, and a new one for the next turn', async () => {
    const spy = jest.spyOn(global, 'setImmediate');
    try {
      const thisTurn = [atTurnEnd(1), atTurnEnd(2), atTurnEnd(3)];
      expect(spy).toHaveBeenCalledTimes(1);
      await expect(Promise.all(thisTurn)).resolves.toEqual([1, 2, 3]);
      await expect(atTurnEnd(4)).resolves.toBe(4);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
