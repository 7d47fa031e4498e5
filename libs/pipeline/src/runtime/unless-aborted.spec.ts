import { getEventListeners } from 'node:events';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { unlessAborted } from './unless-aborted';

/**
 * Runs `loop` (the body of an async function, with `unlessAborted`, `STEPS`, `STEP_BYTES` and
 * `failure`, pending all along, in scope) in a plain Node with gc exposed, after a run to warm
 * up, and answers the bytes of ArrayBuffers still held after it and a full collection. A child
 * process: under Jest the collector's results depend on what the test environment holds.
 */
function heldAfter(failure: string, loop: string): number {
  const script = `
    const { unlessAborted } = require(${JSON.stringify(join(__dirname, 'unless-aborted.ts'))});
    const STEPS = ${STEPS}, STEP_BYTES = ${STEP_BYTES};
    const failure = ${failure};
    const run = async () => { ${loop} };
    (async () => {
      await run();
      gc();
      const before = process.memoryUsage().arrayBuffers;
      await run();
      gc();
      process.stdout.write(String(process.memoryUsage().arrayBuffers - before));
    })();`;
  return Number(execFileSync(process.execPath, ['--expose-gc', '--require', TYPESCRIPT_HOOK, '-e', script], { encoding: 'utf8' }));
}

const TYPESCRIPT_HOOK = join(__dirname, '../../../../test/support/register-typescript.js');
const STEPS = 5_000;
const STEP_BYTES = 4_096;
const MB = 1024 * 1024;

describe('unlessAborted', () => {
  it('settles as the work does, and leaves no listener on the signal', async () => {
    const signal = new AbortController().signal;
    await expect(unlessAborted(Promise.resolve(7), signal)).resolves.toBe(7);
    await expect(unlessAborted(Promise.reject(new Error('render failed')), signal)).rejects.toThrow('render failed');
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason as soon as the signal aborts, before the work settles, and at once once aborted', async () => {
    const failure = new AbortController();
    const waiting = unlessAborted(new Promise(() => undefined), failure.signal);
    failure.abort(new Error('FILE_TOO_LARGE'));
    await expect(waiting).rejects.toThrow('FILE_TOO_LARGE');
    await expect(unlessAborted(Promise.resolve(1), failure.signal)).rejects.toThrow('FILE_TOO_LARGE');
  });

  it('keeps none of the results a loop waited for, where Promise.race against a pending failure keeps them all', () => {
    const kept = heldAfter(
      'new AbortController()',
      `for (let i = 0; i < STEPS; i++) await unlessAborted(Promise.resolve(Buffer.alloc(STEP_BYTES)), failure.signal);`,
    );
    expect(kept).toBeLessThan(2 * MB);
    const raced = heldAfter(
      'new Promise(() => undefined)',
      'for (let i = 0; i < STEPS; i++) await Promise.race([Promise.resolve(Buffer.alloc(STEP_BYTES)), failure]);',
    );
    expect(raced).toBeGreaterThan((STEPS * STEP_BYTES) / 2);
  }, 30_000);
});
