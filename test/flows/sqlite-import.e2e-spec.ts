import Database from 'better-sqlite3';
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { call, HttpResult, sleep } from '@test/support/http';
import { FIXTURES, ROOT } from '@test/support/paths';
import { freeLoopbackPort } from '@platform/devtools';

const FIXTURE = join(FIXTURES, 'sqlite-data-dir');
const node = process.execPath;

interface Manifest {
  organizationId: string;
  apiKey: string;
  apiSecret: string;
  workspaceId: string;
  companyId: string;
  employeeId: string;
  contractId: string;
  leaveRequestId: string;
  reviewId: string;
  payrollRunId: string;
  totalNet: number;
  walletId: string;
  journalEntryId: string;
  notificationId: string;
  fileId: string;
  documentId: string;
  documentJobId: string;
  usageTotal: number;
}

/** Tables renamed since the SQLite release: their new names. */
const RENAMED: Record<string, string> = { 'payroll.postings': 'payroll.books_postings', 'utilities.notification_outbox': 'utilities.captured_messages' };

/** Rows per table in the fixture's SQLite files, as `<service>.<table>` (the table's name today). */
function fixtureCounts(dataDir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))) {
    const sqlite = new Database(join(dataDir, file), { readonly: true });
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
    for (const { name } of tables) {
      const table = `${file.replace('.sqlite', '')}.${name}`;
      counts[RENAMED[table] ?? table] = (sqlite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
    }
    sqlite.close();
  }
  return counts;
}

/**
 * A DATA_DIR of the SQLite release (test/fixtures/sqlite-data-dir) under this release: the suite
 * says what it found and does not read it; `npm run -s cli -- data:import-sqlite` moves every
 * row into the embedded PostgreSQL, and the API serves all of it with the old credentials,
 * secrets, usage and files.
 */
describe('importing a DATA_DIR of the SQLite release', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'platform-import-')), 'data');
  const manifest = JSON.parse(readFileSync(join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development' };
  let base: string;
  let port: number;
  let suite: ChildProcess | undefined;
  let output = '';

  const cli = (...args: string[]) => spawnSync(node, ['dist/suite/cli.js', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });

  async function startSuite(): Promise<void> {
    output = '';
    suite = spawn(node, ['dist/suite/main.js'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    suite.stdout!.on('data', (chunk) => (output += chunk));
    suite.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (output.includes('listening on')) return;
      if (suite.exitCode !== null) throw new Error(`suite exited: ${output}`);
      await sleep(100);
    }
    throw new Error(`suite did not start: ${output}`);
  }

  async function stopSuite(): Promise<void> {
    const running = suite!;
    if (running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await exited;
  }

  beforeAll(async () => {
    execFileSync(node, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    cpSync(join(FIXTURE, 'data'), dataDir, { recursive: true });
    port = await freeLoopbackPort();
    base = `http://127.0.0.1:${port}`;
  }, 360_000);

  afterAll(async () => {
    if (suite && suite.exitCode === null) suite.kill('SIGKILL');
    await sleep(200);
    // As root, a DATA_DIR whose parent is private (this one's is 0700) has its cluster elsewhere, linked from it
    const cluster = join(dataDir, 'postgres');
    if (lstatSync(cluster, { throwIfNoEntry: false })?.isSymbolicLink()) rmSync(dirname(readlinkSync(cluster)), { recursive: true, force: true });
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('says what it found at start, imports every row with the CLI beside the running suite, and serves it all', async () => {
    const expected = fixtureCounts(dataDir);
    await startSuite();
    expect(output).toContain(
      'holds the SQLite stores of an earlier release (auth.sqlite, books.sqlite, hr.sqlite, pay.sqlite, payroll.sqlite, utilities.sqlite)',
    );
    expect(output).toContain('npm run -s cli -- data:import-sqlite');
    const exchange = () =>
      call(base, 'POST', '/api/v1/authorize/token', {
        headers: { 'x-platform-api-key': manifest.apiKey, 'x-platform-api-secret': manifest.apiSecret, 'x-platform-client-id': 'platform-developer' },
      });
    expect((await exchange()).status).toBe(401);

    const result = cli('data:import-sqlite', '--json');
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    const imported = Object.fromEntries(
      (JSON.parse(result.stdout).imported as { service: string; table: string; rows: number }[]).map((table) => [
        `${table.service}.${table.table}`,
        table.rows,
      ]),
    );
    expect(imported).toEqual(expected);
    expect(imported['books.books_accounts']).toBe(86);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.sqlite'))).toEqual([]);
    expect(
      readdirSync(join(dataDir, 'imported-sqlite'))
        .filter((name) => name.endsWith('.sqlite'))
        .sort(),
    ).toEqual(['auth.sqlite', 'books.sqlite', 'hr.sqlite', 'pay.sqlite', 'payroll.sqlite', 'utilities.sqlite']);

    const token = await exchange();
    expect(token.status).toBe(200);
    const headers = {
      authorization: `Bearer ${token.body.data.accessToken}`,
      'x-platform-api-key': manifest.apiKey,
      'x-platform-client-id': 'platform-developer',
    };
    const get = (path: string): Promise<HttpResult> => call(base, 'GET', path, { headers });

    expect((await get('/api/v1/authorize/current')).body.data.organization).toMatchObject({ id: manifest.organizationId, name: 'Fixture Co' });
    expect((await get(`/api/v1/workspaces/${manifest.workspaceId}/companies`)).body.data.items.map((company: { id: string }) => company.id)).toEqual([
      manifest.companyId,
    ]);
    expect(
      (await get('/api/v1/app/notifications/preferences')).body.data.items.find((preference: { category: string }) => preference.category === 'approval'),
    ).toMatchObject({ sms: true });
    expect((await get(`/api/v1/hr/employees/${manifest.employeeId}`)).body.data).toMatchObject({
      externalId: 'EMP-0042',
      firstName: 'Amina',
      nationalId: '123456789',
      hireDate: '2024-03-01',
    });
    expect((await get(`/api/v1/hr/contracts/${manifest.contractId}`)).body.data).toMatchObject({ baseSalary: 500_000, currency: 'XAF' });
    expect((await get('/api/v1/hr/leave-requests')).body.data.items).toEqual([expect.objectContaining({ id: manifest.leaveRequestId, status: 'approved' })]);
    expect((await get(`/api/v1/hr/performance-reviews/${manifest.reviewId}`)).status).toBe(200);
    expect((await get('/api/v1/hr/attendance?from=2026-01-01&to=2026-01-31')).body.data.items).toHaveLength(1);

    const run = (await get(`/api/v1/payroll/runs/${manifest.payrollRunId}`)).body.data;
    expect(run).toMatchObject({ id: manifest.payrollRunId, totalNet: manifest.totalNet });
    expect((await get(`/api/v1/payroll/runs/${manifest.payrollRunId}/payslips`)).body.data.items[0]).toMatchObject({ netPay: manifest.totalNet });
    const wallet = (await get(`/api/v1/pay/wallets/${manifest.walletId}`)).body.data;
    expect(wallet.balance + run.totalNet * (run.status === 'paid' ? 1 : 0)).toBe(2_000_000);
    expect((await get(`/api/v1/pay/wallets/${manifest.walletId}/transactions`)).body.data.total).toBe(expected['pay.wallet_transactions']);
    expect((await get(`/api/v1/books/journal-entries/${manifest.journalEntryId}`)).body.data).toMatchObject({ memo: 'Office rent' });
    const trialBalance = (await get('/api/v1/books/reports/trial-balance')).body.data;
    expect(trialBalance.totals.balanced).toBe(true);
    expect(trialBalance.totals.debits).toBeGreaterThan(0);
    expect((await get('/api/v1/books/periods')).body.data.items).toHaveLength(1);

    expect((await get(`/api/v1/app/notifications/${manifest.notificationId}`)).body.data).toMatchObject({ title: 'Leave approved' });
    const content = await fetch(`${base}/api/v1/app/files/${manifest.fileId}/content`, { headers });
    expect(await content.text()).toBe('hello fixture\n');
    expect((await fetch(`${base}/api/v1/app/documents/${manifest.documentId}/content`, { headers })).headers.get('content-type')).toBe('application/pdf');
    expect((await get(`/api/v1/app/document-jobs/${manifest.documentJobId}`)).body.data).toMatchObject({ status: 'succeeded' });
    await sleep(1100);
    expect((await get('/api/v1/authorize/usage')).body.data.apiRequests.total).toBeGreaterThan(manifest.usageTotal);

    // new rows follow the imported ones (HR's outbox numbers its events from where the import left them)
    const created = await call(base, 'POST', '/api/v1/hr/employees', {
      headers,
      body: {
        externalId: 'EMP-0043',
        firstName: 'Paul',
        lastName: 'Mbarga',
        email: 'paul@example.cm',
        hireDate: '2025-01-01',
        jobTitle: 'Clerk',
        department: 'Ops',
        status: 'active',
      },
    });
    expect(created.status).toBe(201);

    await stopSuite();
    await startSuite();
    expect(output).not.toContain('earlier release');
    await stopSuite();
  }, 180_000);

  it('refuses to import twice, or into tables that already hold rows, writing nothing', async () => {
    const again = cli('data:import-sqlite');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('nothing to import');

    copyFileSync(join(FIXTURE, 'data', 'hr.sqlite'), join(dataDir, 'hr.sqlite'));
    const refused = cli('data:import-sqlite');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/hr: \w+ already holds \d+ rows in PostgreSQL; the import fills empty tables only/);
    expect(existsSync(join(dataDir, 'hr.sqlite'))).toBe(true);
  }, 120_000);
});
