import { setFlagsFromString } from 'node:v8';

const HEAP_GROWTH = 'heap-growing-percent';

/** Whether the command line gives V8 flag `name` (as `--name`, `--name=…` or `--no-name`, with `-` or `_`). */
function givenOnCommandLine(name: string, execArgv: readonly string[]): boolean {
  return execArgv.some(
    (arg) =>
      arg
        .replace(/_/g, '-')
        .replace(/^--no-/, '--')
        .split('=')[0] === `--${name}`,
  );
}

/**
 * How far the old generation may grow past what survived the last full collection before V8
 * collects it again. Left to itself, V8 on a machine with gigabytes of memory lets it grow up to
 * four times what survived: a service whose 40 MB survive a full collection may climb to 160 MB
 * of old generation before collecting, if anything keeps promoting short-lived objects (with
 * Fastify before 5.12 every request with a body did, through the deprecated accessors of
 * AsyncResource#bind on Node 20, and a PATCH under load reached 256 MB). A full collection of
 * those 40 MB takes about 10 ms, so collecting when the old generation is 15% past them costs
 * little and bounds what such a leak-like pattern can cost in memory. Against 30%, a GET under
 * load at 50 connections peaked about 4 MB lower (a PATCH at 10, about 2 MB), with as many full
 * collections in 8 s (four, the start's included) and the same throughput and p99.
 *
 * V8 reads this flag at each full collection, so it takes effect when set at start. A flag given
 * on the command line wins (Node does not take it in NODE_OPTIONS); 0 leaves V8's own heuristic.
 */
export function applyHeapGrowth(percent: number, execArgv: readonly string[] = process.execArgv): boolean {
  if (percent <= 0) return false;
  if (givenOnCommandLine(HEAP_GROWTH, execArgv)) return false;
  setFlagsFromString(`--${HEAP_GROWTH}=${Math.round(percent)}`);
  return true;
}

const PRETENURING = 'allocation-site-pretenuring';

/**
 * Turns off V8's allocation-site pretenuring: objects are always born in the young generation.
 *
 * V8 watches, at each young collection, how many objects of each allocation site (an object or
 * array literal in a function) survived, and once nearly all of them have, compiles that site to
 * allocate straight in the old generation. Under load, the objects of requests still in flight
 * when a young collection runs all survive it, so a site that builds per-request objects can be
 * judged long-lived after a few busy collections; from then on every request puts its objects
 * in the old generation, where only a full collection frees them. With a small young generation
 * that happens in most runs: in a GET at 50 connections with 8 MB semi-spaces, V8's trace showed
 * sites switched to old-space allocation within seconds, about 1 MB promoted per young collection
 * instead of 17 KB, full collections every half second instead of one in 8 s, and 40–70% more
 * CPU per request. Without pretenuring, 4 MB semi-spaces promote 7 KB per young collection and
 * run at the CPU per request of the default 16 MB, for about 20 MB less memory (docs/decisions/0018-4-mb-semi-spaces-without-pretenuring.md).
 *
 * V8 reads the flag at each young collection, so it takes effect when set at start, before the
 * modules load. `--allocation-site-pretenuring` on the command line keeps V8's default.
 */
export function disableAllocationSitePretenuring(execArgv: readonly string[] = process.execArgv): boolean {
  if (givenOnCommandLine(PRETENURING, execArgv)) return false;
  setFlagsFromString(`--no-${PRETENURING}`);
  return true;
}
