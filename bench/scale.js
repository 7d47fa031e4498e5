#!/usr/bin/env node
'use strict';
/**
 * `npm run bench -- --scale`: the suite at a large company's size, on PostgreSQL. It starts the
 * one-machine suite (`dist/suite/main.js`) on a fresh database, seeds companies through the
 * public API only (bulk employee upserts, contracts, journal entries of 500 lines), and times
 * what a 10,000-employee company does in a month: draft, recalculate, approve and pay a run,
 * render its payslips as one ZIP, read its lists at up to 100,000 rows and its books at up to
 * 1,000,000 journal lines. Each step runs at growing sizes, and the table says how each grew.
 * Prints the table, writes bench/results/scale-latest.{json,md} and, after a full run, the
 * figures in bench/README.md.
 *
 *   node bench/run.js --scale [--smoke] [--out DIR] [--no-readme] [--keep-logs] [--keep-database] [--cpu-prof DIR] [--only STEPS]
 *
 * --smoke: about 100 rows of each (what `npm test` runs, to keep the script working). Exit code
 * 0 when every step ran (targets met or not), 1 when a step failed.
 */
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { call, freePort, sleep } = require('./support');

const ROOT = path.join(__dirname, '..');
const ADMIN_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// each step at growing sizes, so that the table shows how each operation grows with its data
const FULL = { payroll: [1_000, 10_000], bulk: [1_000, 10_000], listRows: [1_000, 10_000, 100_000], journalLines: [1_000, 10_000, 1_000_000] };
const SMOKE = { payroll: [100], bulk: [100], listRows: [50, 100], journalLines: [1_000] };
const LINES_PER_ENTRY = 500;
/** The share of a ledger's lines in entries of 2 lines. */
const SMALL_ENTRY_SHARE = 0.02;
const BULK_ITEMS = 1_000;
const PERIOD = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };

/** The issue's targets, by step and size: seconds (s) or milliseconds (ms). */
const TARGETS = {
  'bulk-upsert': { 10_000: { s: 10 } },
  'bulk-contracts': { 10_000: { s: 10 } },
  'run-create': { 10_000: { s: 3 } },
  'run-recalculate': { 10_000: { s: 3 } },
  'run-approve': { 10_000: { s: 2 } },
  'run-pay': { 10_000: { s: 60 } },
  'payslip-zip': { 1_000: { s: 8 }, 10_000: { s: 80 } },
  'list-first-page': { 100_000: { ms: 20 } },
  'list-filtered-first-page': { 100_000: { ms: 20 } },
  'list-deep-cursor': { 100_000: { ms: 20 } },
  'trial-balance': { 1_000_000: { s: 1 } },
  'general-ledger-first-page': { 1_000_000: { ms: 50 } },
  'general-ledger-deep-page': { 1_000_000: { ms: 50 } },
  'journal-by-account-first-page': { 1_000_000: { ms: 50 } },
};

function parseArgs(argv) {
  const options = { smoke: false, out: undefined, readme: true, keepLogs: false, keepDatabase: false, only: null, cpuProf: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scale') continue;
    if (arg === '--smoke') options.smoke = true;
    else if (arg === '--out') options.out = path.resolve(argv[++i] ?? usage('--out needs a value'));
    else if (arg === '--no-readme') options.readme = false;
    else if (arg === '--keep-logs') options.keepLogs = true;
    else if (arg === '--keep-database') options.keepDatabase = true;
    else if (arg === '--cpu-prof') options.cpuProf = path.resolve(argv[++i] ?? usage('--cpu-prof needs a directory'));
    else if (arg === '--only') options.only = (argv[++i] ?? usage('--only needs a value')).split(',');
    else usage(arg === '--help' || arg === '-h' ? null : `unknown option ${arg}`);
  }
  options.out ??= path.join(__dirname, 'results', ...(options.smoke ? ['smoke'] : []));
  return options;
}

function usage(error) {
  if (error) process.stderr.write(`${error}\n`);
  process.stderr.write(
    'usage: node bench/run.js --scale [--smoke] [--out DIR] [--no-readme] [--keep-logs] [--keep-database] [--cpu-prof DIR] [--only payroll,bulk,lists,books]\n',
  );
  process.exit(error ? 2 : 0);
}

const log = (message) => process.stderr.write(`[scale ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const seconds = (ms) => Math.round(ms / 10) / 100;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The suite, its database and the companies' credentials

function suiteNodeOptions() {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const match = / node ((?:--\S+ )*)dist\/suite\/main\.js/.exec(start);
  if (!match) throw new Error(`package.json's start script does not run dist/suite/main.js with node: ${start}`);
  return match[1].trim().split(/\s+/).filter(Boolean);
}

async function admin(sql, connectionString = ADMIN_POSTGRES_URL) {
  const { Client } = require('pg');
  const client = new Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * What autovacuum does within a minute of a bulk load, done at once so that reads are measured
 * on tables in their usual state: VACUUM sets the visibility map (index-only scans read no heap).
 * Not ANALYZE: the plans stay those made without column statistics.
 */
async function vacuum(company, tables) {
  const started = performance.now();
  for (const table of tables) await admin(`VACUUM ${table}`, company.databaseUrl);
  log(`vacuumed ${tables.join(', ')} in ${seconds(performance.now() - started)} s`);
}

function databaseUrl(name) {
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startSuite(context) {
  const port = await freePort();
  const out = fs.openSync(context.logPath, 'a');
  const profile = context.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${context.cpuProf}`] : [];
  const child = spawn(process.execPath, [...suiteNodeOptions(), ...profile, 'dist/suite/main.js'], {
    cwd: ROOT,
    env: { ...context.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const suite = { child, url: `http://127.0.0.1:${port}`, exited: false };
  child.once('exit', () => (suite.exited = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (suite.exited) throw new Error(`the suite exited at start: see ${context.logPath}`);
    try {
      const response = await fetch(`${suite.url}/healthz/ready`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return suite;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the suite was not ready within 120 s: see ${context.logPath}`);
}

async function stopSuite(suite) {
  if (!suite || suite.exited) return;
  const exited = new Promise((resolve) => suite.child.once('exit', resolve));
  suite.child.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) suite.child.kill('SIGKILL');
}

/** A company of its own (an organization on the enterprise plan, limits out of the way), called through the public API. */
class Company {
  constructor(context, suite, name) {
    const result = spawnSync(
      process.execPath,
      ['dist/apps/auth/cli.js', 'developers:create', '--org', name, '--plan', 'api-enterprise', '--burst', '1000000', '--quota', '1000000000', '--json'],
      {
        cwd: ROOT,
        env: context.env,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    if (result.status !== 0) throw new Error(`developers:create failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
    this.credential = JSON.parse(result.stdout.trim().split('\n').pop());
    this.suite = suite;
    this.name = name;
    this.databaseUrl = context.env.DATABASE_URL;
    this.token = null;
  }

  async exchange() {
    const response = await call(this.suite.url, 'POST', '/api/v1/authorize/token', {
      headers: {
        'x-platform-api-key': this.credential.apiKey,
        'x-platform-api-secret': this.credential.apiSecret,
        'x-platform-client-id': 'platform-developer',
      },
    });
    if (response.status !== 200) throw new Error(`token exchange: ${response.status} ${response.text.slice(0, 300)}`);
    this.token = response.body.data.accessToken;
  }

  /** The call, timed; a status other than `expected` fails the step. A token that expired on the way is exchanged again. */
  async api(method, urlPath, { body, expected = [200, 201], timeoutMs = 60_000, headers = {} } = {}) {
    if (!this.token) await this.exchange();
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      const response = await call(this.suite.url, method, urlPath, {
        headers: {
          authorization: `Bearer ${this.token}`,
          'x-platform-api-key': this.credential.apiKey,
          'x-platform-client-id': 'platform-developer',
          ...headers,
        },
        body,
        timeoutMs,
      });
      const ms = performance.now() - started;
      if (response.status === 401 && attempt === 0) {
        await this.exchange();
        continue;
      }
      if (!expected.includes(response.status)) throw new Error(`${method} ${urlPath}: ${response.status} ${response.text.slice(0, 500)}`);
      return { ...response, ms };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding through the public API

function employee(prefix, i) {
  const n = String(i).padStart(6, '0');
  return {
    externalId: `${prefix}-${n}`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `${prefix.toLowerCase()}${n}@bench.example`,
    hireDate: '2024-01-02',
    jobTitle: i % 3 ? 'Accountant' : 'Engineer',
    department: ['Finance', 'Operations', 'Sales', 'Support'][i % 4],
    status: i % 50 === 0 ? 'on_leave' : 'active',
    nationalId: `NID${n}`,
    socialInsuranceNumber: `CNPS-${n}`,
    // ends in 1: never the sandbox's number that declines (…9999)
    payout: { method: 'mobile_money', provider: i % 2 ? 'mtn_momo' : 'orange_money', phoneNumber: `+2376${String(i).padStart(7, '0')}1` },
  };
}

/** `count` employees in calls of 1,000 (POST /hr/employees/bulk); their ids in order, and the seconds it took. */
async function upsertEmployees(company, prefix, count) {
  const ids = [];
  const started = performance.now();
  for (let from = 0; from < count; from += BULK_ITEMS) {
    const items = Array.from({ length: Math.min(BULK_ITEMS, count - from) }, (_, k) => employee(prefix, from + k + 1));
    const result = await company.api('POST', '/api/v1/hr/employees/bulk', { body: { items }, timeoutMs: 120_000 });
    const answered = result.body.data.items;
    const failed = answered.filter((item) => !item.id || item.status === 'failed');
    if (failed.length) throw new Error(`bulk upsert: ${failed.length} item(s) failed, first: ${JSON.stringify(failed[0]).slice(0, 300)}`);
    ids.push(...answered.map((item) => item.id));
  }
  return { ids, seconds: seconds(performance.now() - started) };
}

/** The contract of employee `i` of `upsertEmployees(company, prefix, …)`, naming them by their externalId. */
function contract(prefix, i) {
  const n = String(i).padStart(6, '0');
  return {
    externalId: `${prefix}-C-${n}`,
    employeeExternalId: `${prefix}-${n}`,
    type: 'permanent',
    startDate: '2024-01-02',
    baseSalary: 150_000 + (i % 50) * 5_000,
    currency: 'XAF',
    payFrequency: 'monthly',
    allowances: [{ code: 'TRANSPORT', name: 'Transport allowance', amount: 25_000 }],
  };
}

/** A contract for each of the `count` employees of `prefix`, in calls of 1,000 (POST /hr/contracts/bulk); the seconds it took. */
async function upsertContracts(company, prefix, count) {
  const started = performance.now();
  for (let from = 0; from < count; from += BULK_ITEMS) {
    const items = Array.from({ length: Math.min(BULK_ITEMS, count - from) }, (_, k) => contract(prefix, from + k + 1));
    const result = await company.api('POST', '/api/v1/hr/contracts/bulk', { body: { items }, timeoutMs: 120_000 });
    const failed = result.body.data.items.filter((item) => item.status === 'failed');
    if (failed.length) throw new Error(`bulk contracts: ${failed.length} item(s) failed, first: ${JSON.stringify(failed[0]).slice(0, 300)}`);
  }
  return { seconds: seconds(performance.now() - started) };
}

async function hireWithContracts(company, prefix, count) {
  const { ids } = await upsertEmployees(company, prefix, count);
  await pool(ids, 16, (employeeId, i) =>
    company.api('POST', '/api/v1/hr/contracts', {
      body: { employeeId, type: 'permanent', startDate: '2024-01-02', currency: 'XAF', payFrequency: 'monthly', baseSalary: 150_000 + (i % 50) * 5_000 },
      expected: [201],
    }),
  );
  return ids;
}

// ---------------------------------------------------------------------------------------------
// The steps

async function payrollMonth(company, size, record) {
  log(`payroll at ${size}: seeding ${size} employees and contracts`);
  await company.api('POST', '/api/v1/books/accounts/default-chart', { body: {} });
  await hireWithContracts(company, `P${size}`, size);

  const creating = await sampledRss(company.suite, () => company.api('POST', '/api/v1/payroll/runs', { body: PERIOD, expected: [201], timeoutMs: 300_000 }));
  const run = creating.result.body.data;
  record('run-create', size, creating.result.ms, `${run.employeeCount} payslips; ${creating.note}`);
  const recalculating = await sampledRss(company.suite, () => company.api('POST', `/api/v1/payroll/runs/${run.id}/recalculate`, { timeoutMs: 300_000 }));
  record('run-recalculate', size, recalculating.result.ms, recalculating.note);
  const approved = await company.api('POST', `/api/v1/payroll/runs/${run.id}/approve`, { timeoutMs: 300_000 });
  record('run-approve', size, approved.ms);

  const wallet = (await company.api('POST', '/api/v1/pay/wallets', { body: { name: 'Payroll float', currency: 'XAF' }, expected: [201] })).body.data;
  await company.api('POST', `/api/v1/pay/wallets/${wallet.id}/credits`, {
    body: { amount: run.totalNet + 1_000_000, currency: 'XAF' },
    headers: { 'idempotency-key': randomUUID() },
  });
  const payStarted = performance.now();
  const paid = await company.api('POST', `/api/v1/payroll/runs/${run.id}/pay`, { body: { walletId: wallet.id }, expected: [200], timeoutMs: 900_000 });
  record('run-pay', size, performance.now() - payStarted);
  const { summary } = paid.body.data;
  if (paid.body.data.run.status !== 'paid' || summary.succeeded !== size)
    throw new Error(`paying the run: ${JSON.stringify(summary)}, the run ${paid.body.data.run.status}`);

  const jobStarted = performance.now();
  // the job's progress moves from 10 to 90 as its payslips go into the archive: a quarter of them each 20
  let progress = 0;
  const zipping = await sampledRss(
    company.suite,
    async () => {
      let job = (
        await company.api('POST', '/api/v1/app/document-jobs', {
          body: { type: 'payslip', format: 'pdf', data: { payrollRunId: run.id } },
          expected: [201, 202],
        })
      ).body.data;
      while (job.status !== 'succeeded' && job.status !== 'failed' && performance.now() - jobStarted < 900_000) {
        await sleep(250);
        job = (await company.api('GET', `/api/v1/app/document-jobs/${job.id}`)).body.data;
        progress = job.progress;
      }
      return job;
    },
    () => Math.min(3, Math.max(0, Math.floor((progress - 10) / 20))),
  );
  const job = zipping.result;
  if (job.status !== 'succeeded') throw new Error(`the payslip ZIP job ended ${job.status}: ${JSON.stringify(job.error)}`);
  record('payslip-zip', size, performance.now() - jobStarted, zipping.note);

  const balance = (await company.api('GET', '/api/v1/books/reports/trial-balance')).body.data;
  if (balance.totals && balance.totals.closingDebit !== balance.totals.closingCredit)
    throw new Error(`the trial balance does not balance: ${JSON.stringify(balance.totals)}`);
}

/** The suite's resident memory in MB (Linux), or null. */
function suiteRss(suite) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${suite.child.pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Runs `work` while sampling the suite's resident memory every 50 ms: its result, and a note of
 * the RSS before and at its peak. With `phaseOf` (the work's phase now, 0 to 3), the note has the
 * peak of each phase too: memory that holds what the work has done grows from phase to phase.
 */
async function sampledRss(suite, work, phaseOf) {
  const before = suiteRss(suite);
  let peak = before;
  const phases = [];
  const timer = setInterval(() => {
    const now = suiteRss(suite);
    if (now !== null && (peak === null || now > peak)) peak = now;
    const phase = phaseOf?.();
    if (now !== null && phase !== undefined) phases[phase] = Math.max(phases[phase] ?? 0, now);
  }, 50);
  try {
    const result = await work();
    const byPhase = phaseOf ? `; peak by quarter of the work ${[0, 1, 2, 3].map((phase) => phases[phase] ?? '–').join(' / ')} MB` : '';
    return { result, note: before === null ? 'RSS not measured' : `suite RSS ${before} → peak ${peak} MB${byPhase}` };
  } finally {
    clearInterval(timer);
  }
}

/** Times `times` calls of one GET and records their median. */
async function timedGet(company, record, step, size, urlPath, times, what, variant = what) {
  const ms = [];
  for (let i = 0; i < times; i++) ms.push((await company.api('GET', urlPath)).ms);
  record(step, size, median(ms), `${what ? `${what}: ` : ''}median of ${times}`, variant);
}

async function lists(company, rows, record) {
  log(`lists at ${rows}: seeding ${rows} employees`);
  const { seconds: upsertSeconds } = await upsertEmployees(company, 'L', rows);
  log(`lists at ${rows}: seeded in ${upsertSeconds} s`);
  await vacuum(company, ['hr.employees']);
  // the first call counts every row; the count (above 10,000 rows) is then kept 30 s for the list and its filters
  record('list-first-page-counting', rows, (await company.api('GET', '/api/v1/hr/employees?limit=20')).ms, 'the first call, which counts the list');
  await timedGet(company, record, 'list-first-page', rows, '/api/v1/hr/employees?limit=20', 11);
  await timedGet(company, record, 'list-filtered-first-page', rows, '/api/v1/hr/employees?limit=20&status=on_leave', 11, 'status=on_leave (2%)');
  await timedGet(company, record, 'list-filtered-first-page', rows, '/api/v1/hr/employees?limit=20&department=Sales', 11, 'department=Sales (25%)');
  await timedGet(
    company,
    record,
    'list-deep-page',
    rows,
    `/api/v1/hr/employees?limit=20&page=${Math.max(1, Math.floor((rows * 0.9) / 20))}`,
    5,
    'page mode, 90% in',
  );

  // a whole cursor walk, 100 rows a page: the first pages and the last tenth's
  const times = [];
  let seen = 0;
  for (let cursor = 'start'; cursor;) {
    const page = await company.api('GET', `/api/v1/hr/employees?limit=100&cursor=${cursor}`);
    times.push(page.ms);
    seen += page.body.data.items.length;
    cursor = page.body.data.nextCursor;
  }
  if (seen !== rows) throw new Error(`the cursor walk answered ${seen} employees of ${rows}`);
  const tail = times.slice(Math.floor(times.length * 0.9));
  record('list-deep-cursor', rows, median(tail), `median of the walk's last ${tail.length} pages of ${times.length}`);
}

async function bulkUpsert(company, count, record) {
  log(`bulk upsert of ${count}`);
  const created = await upsertEmployees(company, 'B', count);
  record('bulk-upsert', count, created.seconds * 1000, 'new employees');
  const updated = await upsertEmployees(company, 'B', count);
  record('bulk-upsert-replay', count, updated.seconds * 1000, 'the same employees again (unchanged)');
  const contracts = await upsertContracts(company, 'B', count);
  record('bulk-contracts', count, contracts.seconds * 1000, 'a new contract for each of them');
  const replayed = await upsertContracts(company, 'B', count);
  record('bulk-contracts-replay', count, replayed.seconds * 1000, 'the same contracts again (unchanged)');
}

/**
 * A ledger of `lines` journal lines: most in entries of 500 lines (a payroll's settlement, a
 * month's sales summary) over 18 accounts, and SMALL_ENTRY_SHARE of them in entries of 2 lines
 * (an invoice, a bank movement) between two accounts of their own, as most entries are.
 */
async function books(company, lines, record) {
  const smallEntries = Math.max(1, Math.round((lines * SMALL_ENTRY_SHARE) / 2));
  const largeEntries = Math.max(1, Math.ceil((lines - smallEntries * 2) / LINES_PER_ENTRY));
  log(`books at ${lines} lines: posting ${largeEntries} entries of ${LINES_PER_ENTRY} lines and ${smallEntries} of 2`);
  await company.api('POST', '/api/v1/books/accounts/default-chart', { body: {} });
  const accounts = [];
  for (let page = 1; ; page++) {
    const result = (await company.api('GET', `/api/v1/books/accounts?limit=100&page=${page}`)).body.data;
    accounts.push(...result.items);
    if (page * 100 >= result.total) break;
  }
  const postable = accounts.filter((account) => /^[2-7]\d{2,}$/.test(account.code)).slice(0, 20);
  if (postable.length < 20) throw new Error(`the default chart has ${postable.length} accounts to post to`);
  const [sales, bank] = postable.slice(18).map((account) => account.id);
  const large = postable.slice(0, 18);
  const day0 = Date.UTC(2025, 0, 1);
  const dateOf = (i) => new Date(day0 + (i % 700) * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  const entries = [
    ...Array.from({ length: largeEntries }, (_, i) => ({ large: true, i })),
    ...Array.from({ length: smallEntries }, (_, i) => ({ large: false, i })),
  ];
  await pool(entries, 4, ({ large: isLarge, i }) => {
    // pairs of lines: a debit and a credit of the same amount, on two accounts
    const entryLines = isLarge
      ? Array.from({ length: LINES_PER_ENTRY }, (_, k) => {
          const accountId = large[(i + k) % large.length].id;
          const amount = 1_000 + ((i * 7 + (k >> 1)) % 97) * 10;
          return k % 2 ? { accountId, credit: amount } : { accountId, debit: amount };
        })
      : [
          { accountId: bank, debit: 5_000 + (i % 89) * 100 },
          { accountId: sales, credit: 5_000 + (i % 89) * 100 },
        ];
    return company.api('POST', '/api/v1/books/journal-entries', {
      body: { date: dateOf(i), memo: `Bench entry ${isLarge ? 'L' : 'S'}${i}`, lines: entryLines },
      expected: [201],
      timeoutMs: 120_000,
    });
  });
  log(`books: posted in ${seconds(performance.now() - started)} s`);
  await vacuum(company, ['books.books_journal_lines', 'books.books_journal_entries', 'books.books_account_months']);
  const busy = large[0].id;
  await timedGet(company, record, 'trial-balance', lines, '/api/v1/books/reports/trial-balance', 5, 'all time');
  await timedGet(company, record, 'trial-balance', lines, '/api/v1/books/reports/trial-balance?from=2026-01-01&to=2026-06-30', 5, 'a half-year');
  await timedGet(
    company,
    record,
    'general-ledger-first-page',
    lines,
    `/api/v1/books/reports/general-ledger?accountId=${busy}&limit=100`,
    5,
    'the busiest account',
  );
  const perAccount = Math.ceil((largeEntries * LINES_PER_ENTRY) / large.length);
  await timedGet(
    company,
    record,
    'general-ledger-deep-page',
    lines,
    `/api/v1/books/reports/general-ledger?accountId=${busy}&limit=100&page=${Math.max(1, Math.floor((perAccount * 0.9) / 100))}`,
    5,
    'the busiest account, page mode, 90% in',
  );
  await timedGet(
    company,
    record,
    'journal-by-account-first-page',
    lines,
    `/api/v1/books/journal-entries?accountId=${bank}&limit=20`,
    5,
    `an account of ${smallEntries} entries of 2 lines`,
    'small entries',
  );
  await timedGet(
    company,
    record,
    'journal-by-account-first-page',
    lines,
    `/api/v1/books/journal-entries?accountId=${bank}&limit=20&cursor=start`,
    5,
    'the same, cursor mode',
  );
  await timedGet(
    company,
    record,
    'journal-by-account-large-entries',
    lines,
    `/api/v1/books/journal-entries?accountId=${busy}&limit=20`,
    5,
    `the busiest account, in entries of ${LINES_PER_ENTRY} lines: a page of ${20 * LINES_PER_ENTRY} lines`,
  );
  await timedGet(company, record, 'journal-first-page', lines, '/api/v1/books/journal-entries?limit=20', 5);
}

// ---------------------------------------------------------------------------------------------
// Report

function targetOf(step, size) {
  const target = TARGETS[step]?.[size];
  if (!target) return null;
  return target.s !== undefined ? { label: `≤ ${target.s} s`, ms: target.s * 1000 } : { label: `≤ ${target.ms} ms`, ms: target.ms };
}

function formatMs(ms) {
  return ms >= 1000 ? `${seconds(ms)} s` : `${Math.round(ms * 10) / 10} ms`;
}

/**
 * How a row grew from the same step's (and variant's) row at the size before: "×t for ×n", the
 * time's factor for the data's, flagged when the time grew faster than the data (by more than a
 * fifth, the noise of a shared machine).
 */
function growthOf(row, rows) {
  const before = rows.filter((other) => other.step === row.step && other.variant === row.variant && other.size < row.size).sort((a, b) => b.size - a.size)[0];
  if (!before || !(before.ms > 0)) return '';
  const time = row.ms / before.ms;
  const data = row.size / before.size;
  return `×${time < 10 ? time.toFixed(1) : Math.round(time)} for ×${data}${time > data * 1.2 ? ' **faster than linear**' : ''}`;
}

function markdownTable(report) {
  const lines = ['| step | size | took | growth | target | met | note |', '|---|---|---|---|---|---|---|'];
  for (const row of report.rows) {
    lines.push(
      `| ${row.step} | ${row.size.toLocaleString('en-US')} | ${formatMs(row.ms)} | ${growthOf(row, report.rows)} | ${row.target ?? ''} | ${row.met === null ? '' : row.met ? 'yes' : '**no**'} | ${row.note ?? ''} |`,
    );
  }
  return lines.join('\n');
}

function writeReadme(report, table) {
  const readme = path.join(__dirname, 'README.md');
  const start = '<!-- scale-figures:start -->';
  const end = '<!-- scale-figures:end -->';
  const text = fs.readFileSync(readme, 'utf8');
  const body = `${start}\n${report.startedAt.slice(0, 16).replace('T', ' ')} UTC, commit ${report.commit}, ${report.host}, wall time ${report.wallTimeS} s.\n\n${table}\n${end}`;
  const a = text.indexOf(start);
  const b = text.indexOf(end) + end.length;
  fs.writeFileSync(readme, text.slice(0, a) + body + text.slice(b));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const sizes = options.smoke ? SMOKE : FULL;
  const t0 = performance.now();
  const id = randomBytes(4).toString('hex');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-scale-'));
  const databaseName = `bench_scale_${id}`;
  const context = {
    logPath: path.join(workDir, 'suite.log'),
    cpuProf: options.cpuProf,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl(databaseName),
      DATA_DIR: path.join(workDir, 'data'),
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      WEBHOOK_SECRETS_KEY: 'bench-only-webhook-secrets-key-0123456789',
    },
  };
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  const report = {
    startedAt: new Date().toISOString(),
    smoke: options.smoke,
    commit,
    host: `${os.cpus().length} CPUs (${os.cpus()[0]?.model?.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB`,
    rows: [],
    errors: [],
  };
  // `variant` tells apart the rows of one step at one size (a list's filters), which grow each on its own
  const record = (step, size, ms, note, variant) => {
    const target = targetOf(step, size);
    report.rows.push({
      step,
      variant: variant ?? null,
      size,
      ms: Math.round(ms * 10) / 10,
      target: target?.label ?? null,
      met: target ? ms <= target.ms : null,
      note: note ?? null,
    });
    log(`${step} at ${size}: ${formatMs(ms)}${target ? ` (target ${target.label})` : ''}`);
  };

  let suite;
  let created = false;
  const cleanup = async () => {
    await stopSuite(suite);
    if (created && options.keepDatabase) log(`database ${databaseName} kept`);
    else if (created)
      await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error) => log(`could not drop ${databaseName}: ${error.message}`));
    if (options.keepLogs || report.errors.length) log(`suite log kept in ${context.logPath}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));

  try {
    await admin(`CREATE DATABASE ${databaseName}`);
    created = true;
    suite = await startSuite(context);
    const steps = [
      ...sizes.payroll.map((size) => ['payroll', (company) => payrollMonth(company, size, record)]),
      ...sizes.bulk.map((size) => ['bulk', (company) => bulkUpsert(company, size, record)]),
      ...sizes.listRows.map((size) => ['lists', (company) => lists(company, size, record)]),
      ...sizes.journalLines.map((size) => ['books', (company) => books(company, size, record)]),
    ];
    for (const [name, step] of steps) {
      if (options.only && !options.only.includes(name)) continue;
      try {
        await step(new Company(context, suite, `Scale ${name} ${report.rows.length}`));
      } catch (error) {
        report.errors.push(`${name}: ${error.message}`);
        log(`${name} failed: ${error.message}`);
      }
    }
  } catch (error) {
    report.errors.push(`setup: ${error.message}`);
    log(`setup failed: ${error.stack ?? error.message}`);
  }
  await cleanup();
  report.wallTimeS = Math.round((performance.now() - t0) / 100) / 10;
  report.ok = report.errors.length === 0;

  const table = markdownTable(report);
  process.stdout.write(
    `\nScale, ${options.smoke ? 'smoke' : 'full'} run at ${report.commit} on ${report.host}, ${report.wallTimeS} s\n\n${table}\n${report.errors.map((e) => `\nFAILED ${e}`).join('')}\n`,
  );
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, 'scale-latest.json'), JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(path.join(options.out, 'scale-latest.md'), `${table}\n`);
  if (!options.smoke && !options.only && report.ok && options.readme && options.out === path.join(__dirname, 'results')) writeReadme(report, table);
  process.exit(report.ok ? 0 : 1);
}

main().catch((error) => {
  log(`fatal: ${error.stack ?? error.message}`);
  process.exit(1);
});
