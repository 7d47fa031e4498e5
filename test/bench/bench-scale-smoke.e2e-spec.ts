import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '@test/support/paths';

const STEPS = [
  'run-create',
  'run-recalculate',
  'run-approve',
  'run-pay',
  'payslip-zip',
  'bulk-upsert',
  'bulk-upsert-replay',
  'bulk-contracts',
  'bulk-contracts-replay',
  'list-first-page-counting',
  'list-first-page',
  'list-filtered-first-page',
  'list-deep-page',
  'list-deep-cursor',
  'trial-balance',
  'general-ledger-first-page',
  'general-ledger-deep-page',
  'journal-by-account-first-page',
  'journal-by-account-large-entries',
  'journal-first-page',
];

/**
 * `npm run bench -- --scale` is not a test (its figures are not asserted), but it must not rot:
 * its smoke mode seeds 100 rows of everything through the public API and must run every step.
 */
describe('npm run bench -- --scale --smoke', () => {
  const out = mkdtempSync(join(tmpdir(), 'platform-bench-scale-'));

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
  }, 360_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('seeds a company through the API and times every step of its month', async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['bench/run.js', '--scale', '--smoke', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const timer = setTimeout(() => child.kill('SIGTERM'), 200_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, output });
      });
    });
    if (code !== 0) throw new Error(`bench --scale --smoke exited ${code}:\n${output}`);
    const report = JSON.parse(readFileSync(join(out, 'scale-latest.json'), 'utf8'));
    expect(report).toMatchObject({ ok: true, smoke: true, errors: [] });
    expect([...new Set(report.rows.map((row: { step: string }) => row.step))].sort()).toEqual([...STEPS].sort());
    for (const row of report.rows) expect({ step: row.step, timed: row.ms > 0 }).toEqual({ step: row.step, timed: true });
    const table = readFileSync(join(out, 'scale-latest.md'), 'utf8');
    expect(table).toContain('| run-pay | 100 |');
    // a step timed at two sizes says how it grew
    expect(table).toMatch(/\| list-first-page \| 100 \| [^|]+ \| ×[\d.]+ for ×2( \*\*faster than linear\*\*)? \|/);
  }, 240_000);
});
