import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, sleep } from '@test/support/http';
import { ROOT } from '@test/support/paths';
import { promtoolProblems } from '@test/support/promtool';
import { freeLoopbackPort } from '@platform/devtools';

const node = process.execPath;

async function eventuallyCount(count: () => number, atLeast: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (count() < atLeast) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${atLeast} writes acknowledged`);
    await sleep(20);
  }
}

/**
 * `npm start` as a new user runs it: the built suite on one port, its own PostgreSQL and
 * in-process stores under DATA_DIR, no DATABASE_URL or REDIS_URL, and the CLI beside it on the
 * same store.
 */
describe('one machine: npm start on its own PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-suite-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development' };
  let port: number;
  let base: string;
  let suite: ChildProcess | undefined;
  let output = '';

  async function startSuite(extra: Record<string, string> = {}, nodeArgs: string[] = []): Promise<void> {
    output = '';
    suite = spawn(node, [...nodeArgs, 'dist/suite/main.js'], { cwd: ROOT, env: { ...env, PORT: String(port), ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    suite.stdout!.on('data', (chunk) => (output += chunk));
    suite.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await call(base, 'GET', '/healthz/ready')).status === 200) return;
      } catch {
        // not listening yet
      }
      if (suite.exitCode !== null) throw new Error(`suite exited: ${output}`);
      await sleep(250);
    }
    throw new Error(`suite did not become ready: ${output}`);
  }

  async function stopSuite(signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
    const running = suite!;
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill(signal);
    return Promise.race([exited, sleep(15_000).then(() => -1)]);
  }

  /**
   * Each service's metrics path: its own series only (every `service` label and every job's task
   * its own), the process's on auth's path alone, no series on two paths, promtool clean.
   */
  async function expectMetricsPerService(): Promise<Record<string, string[]>> {
    const paths: Record<string, string> = {
      auth: '/api/v1/metrics',
      hr: '/api/v1/hr/metrics',
      utilities: '/api/v1/app/metrics',
      payroll: '/api/v1/payroll/metrics',
      pay: '/api/v1/pay/metrics',
      books: '/api/v1/books/metrics',
    };
    const samples: Record<string, string[]> = {};
    for (const [service, path] of Object.entries(paths)) {
      const scraped = await call(base, 'GET', path);
      expect({ path, status: scraped.status, type: scraped.headers.get('content-type') }).toEqual({
        path,
        status: 200,
        type: 'text/plain; version=0.0.4; charset=utf-8',
      });
      expect({ path, promtool: promtoolProblems(scraped.text) }).toEqual({ path, promtool: '' });
      samples[service] = scraped.text.split('\n').filter((line) => line && !line.startsWith('#'));
      const own = samples[service];
      expect({ path, otherServices: own.filter((line) => /service="/.test(line) && !line.includes(`service="${service}"`)) }).toEqual({
        path,
        otherServices: [],
      });
      expect({ path, otherTasks: own.filter((line) => line.startsWith('jobs_total{') && !line.includes(`task="${service}:`)) }).toEqual({
        path,
        otherTasks: [],
      });
      const processSeries = own.filter((line) => /^(process|nodejs)_/.test(line));
      if (service === 'auth') expect(processSeries.length).toBeGreaterThan(20);
      else expect({ path, processSeries }).toEqual({ path, processSeries: [] });
      expect(own.filter((line) => /^nodejs_active_\w+_total/.test(line))).toEqual([]);
    }
    const series = Object.values(samples).flatMap((lines) => lines.map((line) => line.slice(0, line.lastIndexOf(' '))));
    expect(series.filter((name, i) => series.indexOf(name) !== i)).toEqual([]);
    return samples;
  }

  function cli(...args: string[]) {
    return spawnSync(node, ['dist/suite/cli.js', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  }

  beforeAll(async () => {
    execFileSync(node, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    port = await freeLoopbackPort();
    base = `http://127.0.0.1:${port}`;
    await startSuite();
  }, 360_000);

  afterAll(async () => {
    if (suite && suite.exitCode === null) await stopSuite('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every service behind one port, gives credentials from the CLI, keeps usage and revocations across a restart', async () => {
    // ready only once every service is: each reached auth's identity facts at its start, without a failed call
    expect((await call(base, 'GET', '/api/v1/hr/employees')).body.code).toBe('AUTH_TOKEN_MISSING');
    expect(output).not.toMatch(/unreachable|refresh failed/);
    // past the 16 KiB of request line and headers Node reads, in the envelope as each service answers it
    const tooLong = await call(base, 'GET', `/api/v1/hr/employees?${'a=1&'.repeat(5_000)}`);
    expect({ status: tooLong.status, code: tooLong.body.code }).toEqual({ status: 431, code: 'HTTP_ERROR' });
    const created = cli('developers:create', '--org', 'Smoke Co', '--plan', 'developer-sandbox', '--json');
    expect(created.status).toBe(0);
    const credentials = JSON.parse(created.stdout);
    expect(Object.keys(credentials).sort()).toEqual(['apiKey', 'apiSecret', 'organizationId', 'plan']);
    expect(credentials.plan).toBe('developer-sandbox');
    expect(credentials.apiKey).toMatch(/^pk_sandbox_/);

    const token = await call(base, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': credentials.apiKey, 'x-platform-api-secret': credentials.apiSecret, 'x-platform-client-id': 'platform-developer' },
    });
    expect(token.status).toBe(200);
    const headers = {
      authorization: `Bearer ${token.body.data.accessToken}`,
      'x-platform-api-key': credentials.apiKey,
      'x-platform-client-id': 'platform-developer',
    };

    const preference = await call(base, 'PATCH', '/api/v1/app/notifications/preferences', { headers, body: { category: 'approval', sms: true } });
    expect(preference.status).toBe(200);
    expect(preference.body.data).toMatchObject({ category: 'approval', sms: true, email: true });

    const employee = await call(base, 'POST', '/api/v1/hr/employees', {
      headers,
      body: {
        externalId: 'E-1',
        firstName: 'Paul',
        lastName: 'Biya',
        email: 'paul@example.cm',
        hireDate: '2020-01-01',
        jobTitle: 'Clerk',
        department: 'Ops',
        status: 'active',
      },
    });
    expect(employee.status).toBe(201);
    await sleep(1100);
    const fetched = await call(base, 'GET', `/api/v1/hr/employees/${employee.body.data.id}`, { headers });
    expect(fetched.body.data).toMatchObject({ externalId: 'E-1', firstName: 'Paul' });

    // payroll reaches HR's internal API through the same port and routing
    const contract = await call(base, 'POST', '/api/v1/hr/contracts', {
      headers,
      body: {
        employeeId: employee.body.data.id,
        type: 'permanent',
        startDate: '2020-01-01',
        baseSalary: 500_000,
        currency: 'XAF',
        payFrequency: 'monthly',
        allowances: [{ code: 'TRANSPORT', name: 'Transport', amount: 30_000 }],
      },
    });
    expect(contract.status).toBe(201);
    const run = await call(base, 'POST', '/api/v1/payroll/runs', { headers, body: { periodStart: '2026-03-01', periodEnd: '2026-03-31' } });
    expect(run.status).toBe(201);
    expect(run.body.data).toMatchObject({ status: 'draft', employeeCount: 1, totalGross: 530_000, totalNet: 445_261 });
    await sleep(1100);
    const slips = await call(base, 'GET', `/api/v1/payroll/runs/${run.body.data.id}/payslips`, { headers });
    expect(slips.body.data.items[0]).toMatchObject({ netPay: 445_261, workedDays: 22, unpaidLeaveDays: 0 });
    expect((await call(base, 'POST', `/api/v1/payroll/runs/${run.body.data.id}/approve`, { headers })).body.data.status).toBe('approved');
    await sleep(1100);

    for (const [path, service] of [
      ['/api/v1', 'auth'],
      ['/api/v1/app', 'utilities'],
      ['/api/v1/hr', 'hr'],
      ['/api/v1/payroll', 'payroll'],
      ['/api/v1/pay', 'pay'],
      ['/api/v1/books', 'books'],
    ]) {
      expect((await call(base, 'GET', path)).body.data.service).toBe(service);
    }

    // the in-process limiter keeps the sandbox burst of 5 per second
    await sleep(1100);
    const burst = await Promise.all(Array.from({ length: 8 }, () => call(base, 'GET', '/api/v1/hr/employees', { headers })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429 && r.body.code === 'RATE_LIMIT_EXCEEDED')).toHaveLength(3);

    await sleep(1100);
    const usage = await call(base, 'GET', '/api/v1/authorize/usage', { headers });
    expect(usage.body.data.apiRequests.byProduct).toMatchObject({ app: 1, hr: 8, payroll: 3 });
    const totalBefore = usage.body.data.apiRequests.total;

    const metrics = await expectMetricsPerService();
    expect(metrics.hr).toContainEqual(
      expect.stringMatching(/^http_request_duration_seconds_count\{service="hr",method="POST",route="\/api\/v1\/hr\/employees",status="201"\} 1$/),
    );
    expect(metrics.payroll).toContainEqual(
      expect.stringMatching(/^http_request_duration_seconds_count\{service="payroll",method="POST",route="\/api\/v1\/payroll\/runs",status="201"\} 1$/),
    );
    expect(metrics.payroll).toContainEqual(expect.stringMatching(/^jobs_total\{task="payroll:[\w-]+",outcome="succeeded"\} [1-9]/));

    // a second credential rotated before the restart stays revoked after it
    const second = JSON.parse(cli('developers:create', '--org', 'Rotated Co', '--json').stdout);
    const secondToken = (
      await call(base, 'POST', '/api/v1/authorize/token', {
        headers: { 'x-platform-api-key': second.apiKey, 'x-platform-api-secret': second.apiSecret, 'x-platform-client-id': 'platform-developer' },
      })
    ).body.data.accessToken;
    const secondHeaders = { authorization: `Bearer ${secondToken}`, 'x-platform-api-key': second.apiKey, 'x-platform-client-id': 'platform-developer' };
    expect((await call(base, 'POST', '/api/v1/authorize/rotate-secret', { headers: secondHeaders })).status).toBe(200);

    expect(await stopSuite('SIGINT')).toBe(0);
    await startSuite();

    await sleep(1100);
    const after = await call(base, 'GET', '/api/v1/authorize/usage', { headers });
    expect(after.status).toBe(200);
    expect(after.body.data.apiRequests.total).toBe(totalBefore + 1);
    expect(after.body.data.apiRequests.byProduct.hr).toBe(8);
    const revoked = await call(base, 'GET', '/api/v1/hr/employees', { headers: secondHeaders });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('AUTH_TOKEN_INVALID');
    expect(output).not.toMatch(/error/i);
  });

  it('drains on SIGTERM: readiness turns 503 at once, requests are still served during the grace period, then it exits 0', async () => {
    await stopSuite('SIGINT');
    await startSuite({ SHUTDOWN_GRACE_MS: '1500' });
    const exited = new Promise<number | null>((resolve) => suite!.once('exit', (code) => resolve(code)));
    suite!.kill('SIGTERM');
    await sleep(200);
    const ready = await call(base, 'GET', '/healthz/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await call(base, 'GET', '/api/v1/hr')).status).toBe(200);
    expect(await exited).toBe(0);
    await startSuite();
  });

  it("sets its heap growth before its apps' modules load: every collection of the start computes the next limit with it", async () => {
    await stopSuite('SIGINT');
    // V8 computes the old generation's next limit at the end of each full collection, with the
    // growth set then: every collection of the start, loading the apps' modules included, must
    // compute it at 50% (set after one of them, the first requests ran under V8's own 4×: 166 MB
    // where 50% gives 72)
    await startSuite({}, ['--trace-gc-verbose']);
    const factors = [...output.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map((match) => Number(match[1]));
    expect(factors.length).toBeGreaterThan(0);
    expect(factors).toEqual(factors.map(() => 1.5));
    expect(await stopSuite('SIGINT')).toBe(0);
    await startSuite();
  });

  it('keeps every acknowledged write when the suite and its PostgreSQL are killed mid-write, and starts again over what they left', async () => {
    const credentials = JSON.parse(cli('developers:create', '--org', 'Crash Co', '--plan', 'api-enterprise', '--json').stdout);
    const token = await call(base, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': credentials.apiKey, 'x-platform-api-secret': credentials.apiSecret, 'x-platform-client-id': 'platform-developer' },
    });
    const headers = {
      authorization: `Bearer ${token.body.data.accessToken}`,
      'x-platform-api-key': credentials.apiKey,
      'x-platform-client-id': 'platform-developer',
    };
    const acknowledged: string[] = [];
    let writing = true;
    let sent = 0;
    const writer = async () => {
      while (writing) {
        const n = sent++;
        try {
          const created = await call(base, 'POST', '/api/v1/hr/employees', {
            headers,
            body: {
              externalId: `CRASH-${n}`,
              firstName: 'Crash',
              lastName: `Test ${n}`,
              email: `crash${n}@example.cm`,
              hireDate: '2024-01-01',
              jobTitle: 'Clerk',
              department: 'Ops',
              status: 'active',
            },
          });
          if (created.status === 201) acknowledged.push(created.body.data.id);
        } catch {
          // the answer was cut off by the kill: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await eventuallyCount(() => acknowledged.length, 40);
    // SIGKILL both, as a power cut would: the suite, then its server, before any shutdown
    const serverPid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    suite!.kill('SIGKILL');
    process.kill(serverPid, 'SIGKILL');
    writing = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    await startSuite();
    const freshToken = await call(base, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': credentials.apiKey, 'x-platform-api-secret': credentials.apiSecret, 'x-platform-client-id': 'platform-developer' },
    });
    const readHeaders = { ...headers, authorization: `Bearer ${freshToken.body.data.accessToken}` };
    const missing: string[] = [];
    for (const id of acknowledged) if ((await call(base, 'GET', `/api/v1/hr/employees/${id}`, { headers: readHeaders })).status !== 200) missing.push(id);
    expect(missing).toEqual([]);
  }, 120_000);

  it('documents the CLI and refuses bad input with a message', () => {
    const help = cli('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('developers:create');
    const badPlan = cli('developers:create', '--org', 'X', '--plan', 'gold', '--json');
    expect(badPlan.status).toBe(2);
    expect(badPlan.stderr).toContain('Unknown plan "gold"');
    const notNegotiated = cli('developers:create', '--org', 'X', '--plan', 'api-starter', '--burst', '50');
    expect(notNegotiated.status).toBe(2);
    const enterprise = cli('developers:create', '--org', 'Big Co', '--plan', 'api-enterprise', '--burst', '500', '--quota', '5000000', '--json');
    expect(enterprise.status).toBe(0);
    expect(JSON.parse(enterprise.stdout).plan).toBe('api-enterprise');
  });

  it('stops a service at boot on a bad setting, naming it', () => {
    const result = spawnSync(node, ['dist/apps/hr/main.js'], {
      cwd: ROOT,
      env: { ...env, PORT: 'eighty', REDIS_URL: 'localhost:6379' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('creates DATA_DIR, its PostgreSQL cluster, saved usage, secrets and uploads for its user only (0700 and 0600); links start at its own port', async () => {
    if (suite && suite.exitCode === null) await stopSuite('SIGINT');
    const fresh = join(dataDir, 'fresh');
    await startSuite({ DATA_DIR: fresh });
    const credentials = JSON.parse(
      spawnSync(node, ['dist/suite/cli.js', 'developers:create', '--org', 'Modes Co', '--json'], {
        cwd: ROOT,
        env: { ...env, DATA_DIR: fresh },
        encoding: 'utf8',
        timeout: 60_000,
      }).stdout,
    );
    const token = await call(base, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': credentials.apiKey, 'x-platform-api-secret': credentials.apiSecret, 'x-platform-client-id': 'platform-developer' },
    });
    const headers = {
      authorization: `Bearer ${token.body.data.accessToken}`,
      'x-platform-api-key': credentials.apiKey,
      'x-platform-client-id': 'platform-developer',
    };

    const form = new FormData();
    form.append('visibility', 'public');
    form.append('file', new Blob(['name,nationalId\nAmina,123456789\n']), 'ids.csv');
    const uploaded = await fetch(`${base}/api/v1/app/files`, { method: 'POST', headers, body: form });
    const file = ((await uploaded.json()) as { data: { id: string; publicUrl: string } }).data;
    expect(file.publicUrl.startsWith(`${base}/api/v1/app/files/${file.id}/download?`)).toBe(true);
    expect((await fetch(file.publicUrl)).status).toBe(200);
    await sleep(1100);
    expect((await call(base, 'GET', '/api/v1/authorize/usage', { headers })).body.data.fileLinkDownloads).toEqual({ used: 1 });
    const nulled = await call(base, 'PATCH', '/api/v1/app/notifications/preferences', { headers, body: { category: 'approval', sms: null } });
    expect({ status: nulled.status, code: nulled.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await stopSuite('SIGINT')).toBe(0);

    const modes: Record<string, string> = {};
    const walk = (path: string, name: string) => {
      const stat = statSync(path);
      modes[name] = (stat.mode & 0o777).toString(8);
      if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry), `${name}/${entry}`);
    };
    walk(fresh, 'DATA_DIR');
    const files = [
      'DATA_DIR/usage.json',
      'DATA_DIR/secret-pepper',
      'DATA_DIR/postgres-password',
      'DATA_DIR/postgres.log',
      'DATA_DIR/postgres/PG_VERSION',
      'DATA_DIR/postgres/postgresql.conf',
    ];
    for (const name of [...files, `DATA_DIR/files/objects/${credentials.organizationId}/${file.id}`]) expect(modes[name]).toBe('600');
    for (const name of [
      'DATA_DIR/postgres',
      'DATA_DIR/postgres/base',
      'DATA_DIR/files',
      'DATA_DIR/files/objects',
      `DATA_DIR/files/objects/${credentials.organizationId}`,
    ])
      expect(modes[name]).toBe('700');
    // As root, PostgreSQL runs as a user of its own, which must reach its cluster: DATA_DIR can be
    // passed through, not listed, and everything in it stays its owner's only.
    expect(modes.DATA_DIR).toBe(process.getuid?.() === 0 ? '711' : '700');
    if (process.getuid?.() === 0) expect(statSync(join(fresh, 'postgres')).uid).not.toBe(0);
    const open = Object.entries(modes).filter(
      ([name, mode]) => name !== 'DATA_DIR' && mode !== (statSync(name.replace('DATA_DIR', fresh)).isDirectory() ? '700' : '600'),
    );
    expect(open).toEqual([]);
  }, 120_000);
});
