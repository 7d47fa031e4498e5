import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '@test/support/paths';

const STRESS = (require('../../bench/stress') as { scenarios(log: (message: string) => void): { id: string }[] }).scenarios(() => undefined).map((s) => s.id);
const SCENARIOS = [
  'get-preferences',
  'patch-preference',
  'list-employees',
  'token-exchange',
  'throttler-flood',
  ...STRESS,
  'one-machine-get',
  'one-machine-patch',
  'own-postgres-get',
  'own-postgres-patch',
];

/**
 * The benchmark is not a test (its numbers are not asserted), but it must not rot: its smoke
 * mode runs every scenario for one second against the real services and must come out clean.
 */
describe('npm run bench -- --smoke', () => {
  const out = mkdtempSync(join(tmpdir(), 'platform-bench-smoke-'));

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
  }, 360_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('runs every scenario against the real services and writes the results', async () => {
    const started = Date.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['bench/run.js', '--smoke', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const timer = setTimeout(() => child.kill('SIGTERM'), 170_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, output });
      });
    });
    if (code !== 0) throw new Error(`bench --smoke exited ${code}:\n${output}`);
    // four of the scenarios start all six apps in one process each time, two of them with their own PostgreSQL
    expect(Date.now() - started).toBeLessThan(150_000);

    const report = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8'));
    expect(report.ok).toBe(true);
    expect(report.smoke).toBe(true);
    expect(report.scenarios.map((s: { id: string }) => s.id).sort()).toEqual([...SCENARIOS].sort());
    for (const scenario of report.scenarios) {
      expect({ id: scenario.id, failed: scenario.failed }).toEqual({ id: scenario.id, failed: undefined });
      expect({ id: scenario.id, rps: scenario.rps > 0 }).toEqual({ id: scenario.id, rps: true });
      expect({ id: scenario.id, errors: scenario.errors }).toEqual({ id: scenario.id, errors: 0 });
      if (scenario.id !== 'throttler-flood' && !scenario.stress) expect(scenario.limitRps).toBeGreaterThan(0);
    }
    // Each PATCH commits its write, in a transaction it may share with concurrent ones; the cached
    // GET writes nothing. The count is the whole PostgreSQL server's, so other suites writing at
    // the same time add to it: the bounds catch a write per request, not a stray one.
    const patch = report.scenarios.find((s: { id: string }) => s.id === 'patch-preference');
    expect(patch.writeTransactions.perSecond).toBeGreaterThan(0);
    expect(patch.writeTransactions.perResponse).toBeLessThanOrEqual(1);
    const get = report.scenarios.find((s: { id: string }) => s.id === 'get-preferences');
    expect(get.writeTransactions.perResponse).toBeLessThan(0.1);
    // On its own PostgreSQL the suite's memory after the load is its Node process and that server's
    // processes; the PATCH's limit writes each request on that server, one transaction each.
    for (const id of ['own-postgres-get', 'own-postgres-patch']) {
      const own = report.scenarios.find((s: { id: string }) => s.id === id);
      expect(own.afterLoad.nodeRssMb).toBeGreaterThan(0);
      expect(own.afterLoad.postgres.processes).toBeGreaterThan(1);
      expect(own.afterLoad.totalMb).toBeCloseTo(own.afterLoad.nodeRssMb + own.afterLoad.postgres.mb, 0);
    }
    const ownPatch = report.scenarios.find((s: { id: string }) => s.id === 'own-postgres-patch');
    expect(ownPatch.rounds[0].limit.writeTransactions.perResponse).toBeGreaterThan(0.9);
    expect(ownPatch.rounds[0].limit.writeTransactions.perResponse).toBeLessThan(1.2);
    expect(ownPatch.writeTransactions.perResponse).toBeLessThanOrEqual(1);
    const throttler = report.scenarios.find((s: { id: string }) => s.id === 'throttler-flood');
    expect(throttler.throttle.burst).toBe(5);
    const markdown = readFileSync(join(out, 'latest.md'), 'utf8');
    expect(markdown).toContain('| 5 | throttler-flood |');
    expect(markdown).toContain('## What PostgreSQL wrote');
    // every hostile shape was sent, answered 400 VALIDATION_FAILED (any other answer is an error), and timed
    const hostile = report.scenarios.find((s: { id: string }) => s.id === 'hostile-bodies');
    for (const shape of ['wide-object', 'long-array', 'deep-nesting', 'long-strings', 'many-query-parameters'])
      expect(hostile.figures[`${shape}.p99Ms`]).toBeGreaterThan(0);
    expect(markdown).toContain('## Stress scenarios');
    expect(markdown).toContain('## The suite on its own PostgreSQL');
  }, 180_000);
});
