#!/usr/bin/env node
'use strict';
/**
 * `npm run bench` — the suite's services against a bare Fastify server (the limit), on this
 * machine, loaded one at a time in alternating slices. See bench/README.md.
 *
 *   node bench/run.js [--smoke] [--rounds N] [--duration S] [--slice S] [--warmup S]
 *                     [--scenarios 1,3] [--out DIR] [--no-pin] [--no-readme] [--keep-logs]
 *                     [--node-args FLAGS]
 *   node bench/run.js --scale [--smoke] …   (a large company's month: bench/scale.js)
 *
 * Exit code: 0 when every scenario ran (whether or not its targets were met), 1 when a scenario
 * could not run or got errors (non-2xx responses, socket errors or timeouts; 429s are expected
 * in the throttler scenario only), 2 on a bad option, 130/143 when interrupted.
 */
const { execFile, execFileSync, spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const stress = require('./stress');
const { call, freePort, memoryStatusMb, ownPostgresMemory, processIds, readStat, round, sleep, suiteNodeOptions } = require('./support');

const ROOT = path.join(__dirname, '..');
const ADMIN_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NODE = process.execPath;

/**
 * The Node options the service image runs every service with (`ENV NODE_OPTIONS` in
 * docker/Dockerfile): the services here run the same way, so the figures are those of what is
 * deployed. The limit runs with Node's defaults.
 */
function imageNodeOptions() {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8');
  const match = dockerfile.match(/^\s*NODE_OPTIONS="([^"]*)"/m);
  if (!match) throw new Error('docker/Dockerfile sets no NODE_OPTIONS="…" for the services');
  return match[1];
}
const SERVICE_NODE_OPTIONS = imageNodeOptions();

const SUITE_NODE_OPTIONS = suiteNodeOptions();

// ---------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const options = {
    smoke: false,
    rounds: undefined,
    duration: undefined,
    slice: undefined,
    ramp: undefined,
    warmup: undefined,
    scenarios: undefined,
    out: undefined,
    pin: true,
    readme: true,
    keepLogs: false,
    nodeArgs: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) usage(`${arg} needs a value`);
      return next;
    };
    const number = (min) => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < min) usage(`${arg} must be a number ≥ ${min}`);
      return n;
    };
    if (arg === '--smoke') options.smoke = true;
    else if (arg === '--rounds') options.rounds = Math.floor(number(1));
    else if (arg === '--duration') options.duration = number(0.5);
    else if (arg === '--slice') options.slice = number(0);
    else if (arg === '--ramp') options.ramp = number(0);
    else if (arg === '--warmup') options.warmup = number(0);
    else if (arg === '--scenarios')
      options.scenarios = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (arg === '--out') options.out = path.resolve(value());
    else if (arg === '--no-pin') options.pin = false;
    else if (arg === '--no-readme') options.readme = false;
    else if (arg === '--keep-logs') options.keepLogs = true;
    else if (arg === '--node-args') options.nodeArgs = value().split(/\s+/).filter(Boolean);
    else if (arg === '--help' || arg === '-h') usage(null);
    else usage(`unknown option ${arg}`);
  }
  options.rounds ??= options.smoke ? 1 : 3;
  options.duration ??= options.smoke ? 1 : 10;
  options.slice ??= 1;
  // Each slice opens its connections anew, which no keep-alive client does every second: the
  // responses of a slice's first `ramp` ms are measured apart (`ramp` in the results), for both sides alike.
  options.ramp ??= options.slice > 0 ? 200 : 0;
  options.warmup ??= options.smoke ? 0.5 : 3;
  options.out ??= options.smoke ? path.join(__dirname, 'results', 'smoke') : path.join(__dirname, 'results');
  return options;
}

function usage(error) {
  const text = [
    'usage: node bench/run.js [--smoke] [--rounds N] [--duration S] [--slice S] [--ramp MS] [--warmup S] [--scenarios 1,3] [--out DIR] [--no-pin] [--no-readme] [--keep-logs] [--node-args FLAGS]',
    '  --smoke       1 round, 1 s per measurement (what npm test runs); results go to bench/results/smoke/',
    '  --rounds      rounds of (limit, suite) pairs per scenario (default 3)',
    '  --duration    seconds per measurement (default 10)',
    '  --ramp        ms at the start of each slice whose responses are measured apart, while the slice opens its connections (default 200 when sliced)',
    '  --slice       seconds of load at a time: a round loads the limit and the suite in turn, slice by slice, until each has had --duration (default 1; 0 = all at once, one after the other)',
    '  --warmup      seconds of load before each measurement, not counted (default 3; smoke 0.5)',
    '  --scenarios   which scenarios to run, by number or id (default all)',
    '  --out         where to write latest.json / latest.md (default bench/results)',
    '  --no-pin      do not pin the server and the load generator to separate cores',
    '  --no-readme   do not update the figures in bench/README.md after a full run',
    "  --keep-logs   keep the services' logs (stdout and stderr) and say where they are",
    "  --node-args   extra node flags for the service under test, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'",
  ].join('\n');
  if (error) {
    process.stderr.write(`bench: ${error}\n${text}\n`);
    process.exit(2);
  }
  process.stdout.write(text + '\n');
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Scenarios

const CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'];
const SEED_EMPLOYEES = 50;
const RSS_TARGET_MB = 120;

const authHeaders = (credential, token) => ({
  authorization: `Bearer ${token}`,
  'x-platform-api-key': credential.apiKey,
  'x-platform-client-id': 'platform-developer',
});

/** Every PATCH changes something: the nine categories in turn, the SMS flag flipping. */
function patchBodies() {
  let i = 0;
  return (request) => {
    const n = i++;
    return { ...request, body: JSON.stringify({ category: CATEGORIES[n % CATEGORIES.length], sms: Math.floor(n / CATEGORIES.length) % 2 === 0 }) };
  };
}

const SCENARIOS = [
  {
    id: 'get-preferences',
    number: 1,
    title: 'Authenticated GET /api/v1/app/notifications/preferences',
    measures: 'full pipeline (JWT, tenancy, throttler on Redis, scopes, envelope) and the preferences read',
    app: 'utilities',
    credential: 'enterprise',
    connections: 50,
    request: ({ credential, token }) => ({ method: 'GET', path: '/api/v1/app/notifications/preferences', headers: authHeaders(credential, token) }),
    targets: [
      { label: 'ratio ≥ 50%', check: (s) => s.ratio >= 0.5 },
      { label: 'p99 ≤ 10 ms', check: (s) => s.p99Ms <= 10 },
    ],
  },
  {
    id: 'patch-preference',
    number: 2,
    title: 'PATCH /api/v1/app/notifications/preferences',
    measures: 'validation and a PostgreSQL write (an upsert that returns the row, batched with concurrent ones)',
    app: 'utilities',
    credential: 'enterprise',
    connections: 10,
    request: ({ credential, token }) => ({
      method: 'PATCH',
      path: '/api/v1/app/notifications/preferences',
      headers: { ...authHeaders(credential, token), 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'approval', sms: true }),
      setupRequest: patchBodies(),
    }),
    targets: [{ label: 'ratio ≥ 20%', check: (s) => s.ratio >= 0.2 }],
  },
  {
    id: 'list-employees',
    number: 3,
    title: 'GET /api/v1/hr/employees?limit=20',
    measures: `a page of 20 of ${SEED_EMPLOYEES} employees from PostgreSQL, with the total`,
    app: 'hr',
    credential: 'enterprise',
    connections: 50,
    request: ({ credential, token }) => ({ method: 'GET', path: '/api/v1/hr/employees?limit=20', headers: authHeaders(credential, token) }),
    targets: [{ label: 'ratio ≥ 15%', check: (s) => s.ratio >= 0.15 }],
  },
  {
    id: 'token-exchange',
    number: 4,
    title: 'POST /api/v1/authorize/token',
    measures: 'key and secret checked against PostgreSQL, an ES256 token signed',
    app: 'auth',
    credential: 'enterprise',
    connections: 20,
    request: ({ credential }) => ({
      method: 'POST',
      path: '/api/v1/authorize/token',
      headers: { 'x-platform-api-key': credential.apiKey, 'x-platform-api-secret': credential.apiSecret, 'x-platform-client-id': 'platform-developer' },
    }),
    targets: [{ label: '≥ 2,000 req/s', check: (s) => s.rps >= 2000 }],
  },
  {
    id: 'throttler-flood',
    number: 5,
    title: 'Throttler: flood from one developer-sandbox credential (burst 5/s)',
    measures: 'GET preferences as fast as 10 connections can send; 200s admitted per second vs the burst, 429s for the rest',
    app: 'utilities',
    credential: 'sandbox',
    connections: 10,
    baseline: false,
    burst: 5,
    // The utilities service's product (SERVICES in libs/contracts/src/service.ts): its burst is the one the flood spends.
    product: 'app',
    request: ({ credential, token }) => ({ method: 'GET', path: '/api/v1/app/notifications/preferences', headers: authHeaders(credential, token) }),
    targets: [
      {
        label: 'admitted ≤ burst (5) in any second',
        check: (s) =>
          s.throttle.maxDefinite <= 5 && s.throttle.recorded.maxPerSecond <= 5 && s.throttle.recorded.maxSliding <= 5 && s.throttle.recorded.unrecorded === 0,
      },
    ],
  },
];

/**
 * The one-machine suite as `npm start` runs it (dist/suite/main.js: six apps in one process behind
 * one port), measured on scenarios 1 and 2's requests. It runs on the bench's database (the
 * credential and the seeded preferences are there, and PostgreSQL is pinned as for the other
 * scenarios; the embedded PostgreSQL would be a second server on the machine, started for each
 * round) and, as `npm start` does, without Redis: rate limits and usage in its in-process store.
 * Its own auth serves its apps (no AUTH_URL), as it does on a laptop.
 */
const ONE_MACHINE_RSS_TARGET_MB = 250;
const ONE_MACHINE_ENV = { AUTH_URL: undefined, REDIS_URL: undefined, REDIS_KEY_PREFIX: undefined, NODE_OPTIONS: SUITE_NODE_OPTIONS };
const ONE_MACHINE_SCENARIOS = [
  {
    ...SCENARIOS[0],
    id: 'one-machine-get',
    number: 8,
    title: 'One-machine suite: authenticated GET /api/v1/app/notifications/preferences',
    measures: `scenario 1's GET against \`npm start\` (all six apps in one process, routed by path prefix, in-process rate limits)`,
    app: 'suite',
    env: ONE_MACHINE_ENV,
    seed: 'utilities',
    rssTargetMb: ONE_MACHINE_RSS_TARGET_MB,
  },
  {
    ...SCENARIOS[1],
    id: 'one-machine-patch',
    number: 9,
    title: 'One-machine suite: PATCH /api/v1/app/notifications/preferences',
    measures: `scenario 2's PATCH against \`npm start\` (all six apps in one process)`,
    app: 'suite',
    env: ONE_MACHINE_ENV,
    seed: 'utilities',
    rssTargetMb: ONE_MACHINE_RSS_TARGET_MB,
  },
];

/**
 * The one-machine suite as a user runs it: `npm start` with no DATABASE_URL, so the suite starts
 * its own PostgreSQL (the embedded server, its cluster under the suite's DATA_DIR), and the two
 * share a core, the suite's: both on core 0, the load on core 1. Scenario 8's GET against bare
 * Fastify on core 0; scenario 9's PATCH against bare Fastify making the same one-row UPDATE with
 * `pg` on the same PostgreSQL (bench/baseline.js with BASELINE_DATABASE_URL), which is the write's
 * limit there. The memory target is the suite's processes after the load: its Node process and
 * its PostgreSQL's (ownPostgresMemory).
 */
const OWN_POSTGRES_MEMORY_TARGET_MB = 250;
const ownPostgresEnv = () => ({ ...ONE_MACHINE_ENV, DATABASE_URL: undefined, DATA_DIR: context.ownPostgres.dataDir });
const OWN_POSTGRES_MEMORY_TARGET = {
  label: `suite + its PostgreSQL after load ≤ ${OWN_POSTGRES_MEMORY_TARGET_MB} MB`,
  check: (s) => s.afterLoad?.totalMb <= OWN_POSTGRES_MEMORY_TARGET_MB,
};
const OWN_POSTGRES_SCENARIOS = [
  {
    ...SCENARIOS[0],
    id: 'own-postgres-get',
    number: 11,
    title: 'One-machine suite on its own PostgreSQL, both on core 0: authenticated GET /api/v1/app/notifications/preferences',
    measures: `scenario 8's GET against \`npm start\` with its embedded PostgreSQL beside it on the suite's core; the limit: bare Fastify on that core`,
    app: 'suite',
    ownPostgres: true,
    credential: 'ownPostgres',
    env: ownPostgresEnv,
    memoryTarget: OWN_POSTGRES_MEMORY_TARGET,
  },
  {
    ...SCENARIOS[1],
    id: 'own-postgres-patch',
    number: 12,
    title: 'One-machine suite on its own PostgreSQL, both on core 0: PATCH /api/v1/app/notifications/preferences',
    measures: `scenario 9's PATCH against \`npm start\` with its embedded PostgreSQL on the suite's core; the limit: bare Fastify making the same one-row UPDATE with \`pg\` on that PostgreSQL, on that core`,
    app: 'suite',
    ownPostgres: true,
    limitWrites: true,
    credential: 'ownPostgres',
    env: ownPostgresEnv,
    targets: [{ label: 'ratio ≥ 100%', check: (s) => s.ratio >= 1 }],
    memoryTarget: OWN_POSTGRES_MEMORY_TARGET,
  },
];

// ---------------------------------------------------------------------------------------------
// Processes, bounded and always cleaned up

const children = new Set();
let cleanupStarted = false;
let context; // set in main(): run id, database, redis prefix, directories

function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

let pinning = { enabled: false, server: null, loadGenerator: null, helpers: null };

function setUpPinning(wanted) {
  const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const taskset = spawnSync('taskset', ['-V'], { encoding: 'utf8' });
  if (!wanted) return { enabled: false, reason: 'disabled with --no-pin' };
  if (taskset.error || taskset.status !== 0) return { enabled: false, reason: 'taskset not available' };
  if (cpus < 2) return { enabled: false, reason: `only ${cpus} CPU available` };
  // The load generator is this process: every thread of it, and whatever threads it starts later, on core 1.
  execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  return { enabled: true, server: 0, loadGenerator: 1, helpers: 1, stores: pinStores(1) };
}

/**
 * A local PostgreSQL and Redis share core 1 with the load generator while the bench runs, so the
 * server under test has core 0 to itself, as the limit has: left free to move, the kernel wakes
 * Redis on the core of the process that just wrote to it and the server waits out each of its
 * scripts. In production they run on other machines. Their own affinity is put back at the end.
 * Returns which were moved, and why not when they were not.
 */
function pinStores(cpu) {
  const moved = [];
  const skipped = [];
  for (const [name, comm, url] of [
    ['PostgreSQL', 'postgres', ADMIN_POSTGRES_URL],
    ['Redis', 'redis-server', REDIS_URL],
  ]) {
    let host = '';
    try {
      host = new URL(url).hostname;
    } catch {}
    if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) {
      skipped.push(`${name} is not on this machine`);
      continue;
    }
    const pids = pidsNamed(comm);
    if (!pids.length) {
      skipped.push(`no ${comm} process found`);
      continue;
    }
    const affinity = new Map();
    try {
      for (const pid of pids) {
        const current = execFileSync('taskset', ['-cp', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
          .trim()
          .split(':')
          .pop()
          .trim();
        execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
        affinity.set(pid, current);
      }
      storeAffinity.push({ comm, affinity });
      moved.push(name);
    } catch {
      storeAffinity.push({ comm, affinity });
      skipped.push(`${name} could not be moved (not permitted)`);
    }
  }
  return { moved, skipped };
}

/** What pinStores changed, to put back: per process name, each process's own affinity list. */
const storeAffinity = [];

function restoreStores() {
  for (const { comm, affinity } of storeAffinity.splice(0)) {
    // Backends forked during the run inherited core 1 from their parent: they get its old list.
    const fallback = affinity.values().next().value;
    for (const pid of pidsNamed(comm)) {
      const list = affinity.get(pid) ?? fallback;
      if (!list) continue;
      try {
        execFileSync('taskset', ['-a', '-cp', list, String(pid)], { stdio: 'ignore' });
      } catch {}
    }
  }
}

function pidsNamed(comm) {
  return processIds().filter((pid) => readStat(pid)?.comm === comm);
}

/** Starts `node <script>` pinned to `cpu` (when pinning), output to a log file. */
async function startProcess({ name, script, env, cpu, nodeArgs = [] }) {
  const port = await freePort();
  const logPath = path.join(context.logDir, `${name}-${port}.log`);
  const out = fs.openSync(logPath, 'a');
  const command = pinning.enabled ? 'taskset' : NODE;
  const args = pinning.enabled ? ['-c', String(cpu), NODE, ...nodeArgs, script] : [...nodeArgs, script];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...baseEnv(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const proc = { name, child, pid: child.pid, port, url: `http://127.0.0.1:${port}`, logPath, exited: false };
  child.once('exit', () => {
    proc.exited = true;
    children.delete(proc);
  });
  children.add(proc);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${name} exited at start (code ${child.exitCode}): ${tail(logPath)}`);
    try {
      const response = await fetch(`${proc.url}/healthz/ready`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopProcess(proc);
  throw new Error(`${name} not ready within 90 s: ${tail(logPath)}`);
}

/** The last `bytes` of a log (every request writes a line at info: the file can be large). */
function tail(file, bytes = 1500) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8').trim() || '(no output)';
  } catch {
    return '(no log)';
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

async function stopProcess(proc) {
  if (!proc || proc.exited) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!done) {
    proc.child.kill('SIGKILL');
    await Promise.race([exited, sleep(5000)]);
  }
}

/** Production's level (k8s/base): every request writes its access-log line, as it does there. */
const SERVICE_LOG_LEVEL = 'info';

function baseEnv() {
  // Only what the services need, so a developer's shell settings cannot change the numbers.
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  const env = Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
  return {
    ...env,
    NODE_ENV: 'production',
    NODE_OPTIONS: SERVICE_NODE_OPTIONS,
    LOG_LEVEL: SERVICE_LOG_LEVEL,
    DATABASE_URL: context.databaseUrl,
    REDIS_URL: context.redisUrl,
    REDIS_KEY_PREFIX: context.redisPrefix,
    DATA_DIR: context.dataDir,
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    WEBHOOK_SECRETS_KEY: 'bench-only-webhook-secrets-key-0123456789',
    ...(context.authUrl ? { AUTH_URL: context.authUrl } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// /proc readings: peak RSS and CPU time

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const peakRssMb = (pid) => memoryStatusMb(pid).VmHWM ?? null;

/**
 * What the resident memory is made of right after the load: anonymous pages (the V8 heap,
 * malloc, stacks) and file-backed ones (the pages of the node binary and of the shared
 * libraries that the process touched, which every Node process on a host shares).
 */
function rssParts(pid) {
  const { RssAnon, RssFile } = memoryStatusMb(pid);
  return RssAnon === undefined || RssFile === undefined ? null : { anonMb: round(RssAnon, 1), fileMb: round(RssFile, 1) };
}

/**
 * CPU ticks of the processes that matter, to say where the two cores went during a measurement.
 * PostgreSQL: every `postgres` process on the machine, or with `postmasterPid` that server's
 * alone (the suite's own, whose backends are its children; any other server is then "anything else").
 */
function cpuSnapshot(serverPid, helperPids, postmasterPid) {
  const snapshot = {
    server: readStat(serverPid)?.ticks ?? 0,
    helpers: 0,
    postgres: 0,
    redis: 0,
    machine: machineBusyTicks(),
    loadGenerator: process.cpuUsage(),
    at: performance.now(),
  };
  for (const pid of helperPids) snapshot.helpers += readStat(pid)?.ticks ?? 0;
  for (const pid of processIds()) {
    const stat = readStat(pid);
    if (!stat) continue;
    // the postmaster's children that ended (a pool's idle connections closing) add to its child ticks
    if (pid === postmasterPid) snapshot.postgres += stat.ticks + stat.childTicks;
    else if (stat.comm === 'postgres' && (postmasterPid === undefined || stat.ppid === postmasterPid)) snapshot.postgres += stat.ticks;
    else if (stat.comm === 'redis-server') snapshot.redis += stat.ticks;
  }
  return snapshot;
}

/** Busy ticks of the whole machine (all cores), from /proc/stat: user, nice, system, irq, softirq, steal. */
function machineBusyTicks() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return user + nice + system + irq + softirq + (steal || 0);
  } catch {
    return null;
  }
}

/** What each party used between two snapshots: ticks, and the load generator's µs. */
function cpuDelta(before, after) {
  const load = process.cpuUsage(before.loadGenerator);
  return {
    seconds: (after.at - before.at) / 1000,
    server: after.server - before.server,
    loadGeneratorUs: load.user + load.system,
    helpers: after.helpers - before.helpers,
    postgres: after.postgres - before.postgres,
    redis: after.redis - before.redis,
    machine: before.machine !== null && after.machine !== null ? after.machine - before.machine : null,
  };
}

/** Percent of a core each party used over the slices of a measurement (their deltas summed). */
function cpuShare(deltas) {
  const sum = (key) => deltas.reduce((total, d) => total + d[key], 0);
  const seconds = sum('seconds');
  const pct = (ticks) => Math.round((ticks / CLK_TCK / seconds) * 1000) / 10;
  const share = {
    server: pct(sum('server')),
    loadGenerator: Math.round((sum('loadGeneratorUs') / 1e6 / seconds) * 1000) / 10,
    helpers: pct(sum('helpers')),
    postgres: pct(sum('postgres')),
    redis: pct(sum('redis')),
  };
  // Everything else the machine did meanwhile (other people's builds and tests, the kernel):
  // when it is large, the run was disturbed.
  if (deltas.every((d) => d.machine !== null)) {
    const accounted = share.server + share.loadGenerator + share.helpers + share.postgres + share.redis;
    share.other = Math.max(0, Math.round((pct(sum('machine')) - accounted) * 10) / 10);
  }
  return share;
}

// ---------------------------------------------------------------------------------------------
// Load generation: autocannon as a library, in this process

const autocannon = require('autocannon');

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * One autocannon run. Latencies are kept per response (autocannon's own histogram is whole
 * milliseconds), of the 2xx, and with `track` (the throttler's flood) of the 429s too; `track`
 * also keeps the receive and send times of every 200.
 */
function runLoad({ url, connections, duration, request, track = false, rampMs = 0 }) {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    const ramp = [];
    const startedAt = performance.now();
    const admitted = [];
    const { setupRequest, ...plain } = request;
    const requestSpec = { ...plain, ...(setupRequest ? { setupRequest } : {}) };
    let instance;
    try {
      instance = autocannon({ url, connections, duration, timeout: 10, requests: [requestSpec], skipAggregateResult: false }, (error, result) => {
        clearTimeout(guard);
        if (error) return reject(error);
        const sorted = latencies.subarray(0, count).sort();
        resolve({ result, sorted, ramp: Float64Array.from(ramp).sort(), admitted });
      });
    } catch (error) {
      return reject(error);
    }
    const guard = setTimeout(() => instance.stop(), (duration + 20) * 1000);
    instance.on('response', (client, statusCode, resBytes, responseTime) => {
      const ok = statusCode >= 200 && statusCode < 300;
      // The throttler's flood is answered mostly with 429s: its latencies are of every answer.
      if (!ok && !(track && statusCode === 429)) return;
      if (rampMs > 0 && performance.now() - startedAt < rampMs) {
        ramp.push(responseTime);
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
      if (track && ok) {
        const receivedAt = performance.timeOrigin + performance.now();
        admitted.push({ receivedAt, sentAt: receivedAt - responseTime });
      }
    });
  });
}

function summarize({ result, sorted }, seconds) {
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  const ok = result['2xx'];
  const responses = Object.values(codes).reduce((sum, n) => sum + n, 0);
  return {
    durationS: result.duration,
    responses,
    ok,
    rps: Math.round(ok / (result.duration || seconds)),
    responsesPerSecond: Math.round(responses / (result.duration || seconds)),
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1] : null),
    statusCodes: codes,
    socketErrors: result.errors,
    timeouts: result.timeouts,
  };
}

/** 200s per second as the client saw them, and the most that were surely admitted within 1,000 ms. */
function throttleStats(admitted, burst) {
  const received = admitted.map((a) => a.receivedAt).sort((a, b) => a - b);
  const perSecond = countPerSecond(received);
  const seconds = [...perSecond.keys()].sort((a, b) => a - b);
  // Whole seconds only for the median: the first and last seconds of the run are partial.
  const whole = seconds.slice(1, -1).map((s) => perSecond.get(s));
  const maxSlidingReceived = mostWithinASecond(received);
  // The server admitted each request between its send and its receive time: a set of 200s whose
  // sends and receives all fall within less than 1,000 ms was certainly admitted within one window.
  const bySend = [...admitted].sort((a, b) => a.sentAt - b.sentAt);
  let maxDefinite = 0;
  for (let i = 0; i < bySend.length; i++) {
    let n = 0;
    for (let j = i; j < bySend.length && bySend[j].sentAt < bySend[i].sentAt + 1000; j++) if (bySend[j].receivedAt < bySend[i].sentAt + 1000) n++;
    maxDefinite = Math.max(maxDefinite, n);
  }
  return {
    burst,
    admitted: admitted.length,
    perWallClockSecond: seconds.map((s) => perSecond.get(s)),
    medianPerSecond: median(whole.length ? whole : seconds.map((s) => perSecond.get(s))),
    maxPerWallClockSecond: Math.max(0, ...perSecond.values()),
    maxSlidingReceived,
    maxDefinite,
  };
}

/**
 * The limiter's own record: its admissions per wall-clock second and in any 1,000 ms (a member
 * recorded at t was admitted in [t, t + 1), so two less than 1,000 ms apart are at most 999
 * apart in whole ms), counted over the slices' load. `unrecorded` is how many more 200s the
 * client received than the limiter recorded in the same time: 0 when every 200 was an admission
 * it counted.
 */
function recordedStats(times, windows, received) {
  const inLoad = times.filter((t) => windows.some((w) => t >= w.startedAt - 1 && t <= w.endedAt)).sort((a, b) => a - b);
  return {
    admissions: inLoad.length,
    maxPerSecond: Math.max(0, ...countPerSecond(inLoad).values()),
    maxSliding: mostWithinASecond(inLoad),
    unrecorded: Math.max(0, received - inLoad.length),
  };
}

/** How many of `times` (ms) fall in each wall-clock second, by second. */
function countPerSecond(times) {
  const perSecond = new Map();
  for (const t of times) {
    const second = Math.floor(t / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return perSecond;
}

/** The most of `sorted` (ms, ascending) that fall within less than 1,000 ms of each other. */
function mostWithinASecond(sorted) {
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j] - sorted[i] >= 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

function median(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------------------------------------
// Setup: database, Redis prefix, auth, credentials, seed data

const APP_SCRIPTS = {
  auth: 'dist/apps/auth/main.js',
  hr: 'dist/apps/hr/main.js',
  utilities: 'dist/apps/utilities/main.js',
  pay: 'dist/apps/pay/main.js',
  suite: 'dist/suite/main.js',
  baseline: path.join('bench', 'baseline.js'),
};

async function pgAdmin(sql) {
  const client = await pgAdminClient();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function pgAdminClient() {
  const { Client } = require('pg');
  const client = new Client({ connectionString: context.adminPostgresUrl, connectionTimeoutMillis: 10_000, query_timeout: 30_000 });
  await client.connect();
  return client;
}

/**
 * The next transaction id PostgreSQL will assign (PostgreSQL 13 or later; undefined otherwise).
 * A transaction gets one at its first write, so the difference over a measurement counts the
 * write transactions (commits and rollbacks) of the whole server, read-only ones not at all:
 * other work writing to the same server during the run counts too. Read without delay, unlike
 * pg_stat_database, which a busy backend reports once a second.
 */
async function nextTransactionId(client) {
  try {
    const result = await client.query('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next');
    return BigInt(result.rows[0].next);
  } catch {
    return undefined;
  }
}

/** A credential made with an operator CLI (auth's, or with `suite` the suite's, on its DATA_DIR's PostgreSQL), as an operator makes one. */
function createCredential(plan, extra = [], { cli = 'dist/apps/auth/cli.js', env = baseEnv() } = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      NODE,
      [cli, 'developers:create', '--org', `Bench ${plan}`, '--plan', plan, ...extra, '--json'],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`developers:create --plan ${plan} failed (${error.code ?? error.signal}): ${stderr || stdout}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

async function exchange(credential, authUrl = context.authUrl) {
  const response = await call(authUrl, 'POST', '/api/v1/authorize/token', {
    headers: { 'x-platform-api-key': credential.apiKey, 'x-platform-api-secret': credential.apiSecret, 'x-platform-client-id': 'platform-developer' },
  });
  if (response.status !== 200) throw new Error(`token exchange: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body.data.accessToken;
}

async function seed(needed) {
  const credential = context.credentials.enterprise;
  if (needed.has('utilities')) {
    const utilities = await startProcess({ name: 'utilities-seed', script: APP_SCRIPTS.utilities, env: {}, cpu: pinning.server });
    try {
      const token = await exchange(credential);
      // Stored rows for every category, so the GET reads real rows rather than defaults.
      for (const category of CATEGORIES) {
        const response = await call(utilities.url, 'PATCH', '/api/v1/app/notifications/preferences', {
          headers: authHeaders(credential, token),
          body: { category, sms: category === 'approval' },
        });
        if (response.status !== 200) throw new Error(`seeding preferences: ${response.status} ${response.text.slice(0, 300)}`);
      }
    } finally {
      await stopProcess(utilities);
    }
  }
  if (needed.has('hr')) {
    const hr = await startProcess({ name: 'hr-seed', script: APP_SCRIPTS.hr, env: {}, cpu: pinning.server });
    try {
      const token = await exchange(credential);
      for (let i = 1; i <= SEED_EMPLOYEES; i++) {
        const n = String(i).padStart(4, '0');
        const response = await call(hr.url, 'POST', '/api/v1/hr/employees', {
          headers: authHeaders(credential, token),
          body: {
            externalId: `BENCH-${n}`,
            firstName: `First${n}`,
            lastName: `Last${n}`,
            email: `bench${n}@example.com`,
            hireDate: '2024-03-01',
            jobTitle: i % 3 ? 'Accountant' : 'Engineer',
            department: i % 2 ? 'Finance' : 'Operations',
            status: 'active',
          },
        });
        if (response.status !== 201 && response.status !== 200) throw new Error(`seeding employees: ${response.status} ${response.text.slice(0, 300)}`);
      }
    } finally {
      await stopProcess(hr);
    }
  }
}

/**
 * The suite's own PostgreSQL, made as a user makes it: the suite's first start on an empty
 * DATA_DIR (initdb, every service's migrations), a credential made with the suite's CLI beside it,
 * a stored preference for each category written through the suite. Its rounds then start the
 * suite again on that DATA_DIR, as `npm start` runs on a laptop's.
 */
async function prepareOwnPostgres() {
  const own = context.ownPostgres;
  const started = performance.now();
  const suite = await startProcess({ name: 'suite-own-postgres-setup', script: APP_SCRIPTS.suite, env: ownPostgresEnv(), cpu: pinning.server });
  try {
    const env = { ...baseEnv(), ...ownPostgresEnv() };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const credential = await createCredential('api-enterprise', ['--burst', '1000000', '--quota', '1000000000'], { cli: 'dist/suite/cli.js', env });
    context.credentials.ownPostgres = credential;
    const token = await exchange(credential, suite.url);
    for (const category of CATEGORIES) {
      const response = await call(suite.url, 'PATCH', '/api/v1/app/notifications/preferences', {
        headers: authHeaders(credential, token),
        body: { category, sms: category === 'approval' },
      });
      if (response.status !== 200) throw new Error(`seeding the suite's own preferences: ${response.status} ${response.text.slice(0, 300)}`);
    }
    const client = await ownPostgresClient();
    try {
      const { rows } = await client.query('SELECT DISTINCT company_id::text AS id FROM utilities.notification_preferences');
      if (rows.length !== 1) throw new Error(`the suite's own PostgreSQL holds the preferences of ${rows.length} companies, not the bench's one`);
      own.companyId = rows[0].id;
    } finally {
      await client.end();
    }
  } finally {
    await stopProcess(suite);
  }
  log(`the suite's own PostgreSQL made in ${round((performance.now() - started) / 1000, 1)} s (first start, credential, preferences)`);
}

/** The suite's own PostgreSQL while a suite runs on its DATA_DIR: the postmaster's pid and the `platform` database's URL. */
function ownPostgresServer() {
  const dataDir = context.ownPostgres.dataDir;
  const lock = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return { pid: Number(lock[0]), url: `postgresql://platform:${encodeURIComponent(password)}@127.0.0.1:${Number(lock[3])}/platform` };
}

async function ownPostgresClient() {
  const { Client } = require('pg');
  const client = new Client({
    connectionString: ownPostgresServer().url,
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
    application_name: 'platform-bench',
  });
  await client.connect();
  return client;
}

/** The suite's DATA_DIR, and its cluster where the suite put it elsewhere (as root, behind a parent its server's user cannot pass). */
function removeOwnPostgresData() {
  const { dataDir } = context.ownPostgres;
  try {
    const cluster = fs.realpathSync(path.join(dataDir, 'postgres'));
    if (path.dirname(cluster) !== fs.realpathSync(dataDir)) fs.rmSync(path.dirname(cluster), { recursive: true, force: true });
  } catch {}
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A suite stopped the hard way (SIGKILL after its grace) leaves its PostgreSQL running: stopped
 * here as the suite stops it, fast shutdown, then immediate.
 */
async function stopOwnPostgres() {
  let pid;
  try {
    pid = ownPostgresServer().pid;
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {}
}

// ---------------------------------------------------------------------------------------------
// One round's measurements: start the limit and the suite, warm each up, load them in turn slice
// by slice, add up each side's slices, read their peak RSS, stop them

/**
 * Starts the limit or the suite's service for one round, with a fresh token, and warms it up.
 * Its load then comes in slices (loadSlice) and summarizeSide adds them up.
 */
async function openSide(scenario, kind, options) {
  const isBaseline = kind === 'limit';
  // The suite's own PostgreSQL runs while the suite does: the suite side is opened first, and the
  // limit that writes gets that server.
  const ownPostgres = scenario.ownPostgres ? ownPostgresServer : undefined;
  const limitEnv = isBaseline && scenario.limitWrites ? { BASELINE_DATABASE_URL: ownPostgres().url, BASELINE_COMPANY_ID: context.ownPostgres.companyId } : {};
  const server = await startProcess({
    name: isBaseline ? `baseline-${scenario.id}` : `${scenario.app}-${scenario.id}`,
    script: isBaseline ? APP_SCRIPTS.baseline : APP_SCRIPTS[scenario.app],
    env: isBaseline ? { NODE_OPTIONS: '', ...limitEnv } : typeof scenario.env === 'function' ? scenario.env() : (scenario.env ?? {}),
    cpu: pinning.server,
    nodeArgs: isBaseline ? [] : options.nodeArgs,
  });
  const side = { kind, isBaseline, server, slices: [], admin: undefined, postmasterPid: ownPostgres?.().pid };
  // VmHWM right after start: what the process needs before any load (boot, migrations check).
  side.startRssMb = round(peakRssMb(server.pid), 1);
  const credential = context.credentials[scenario.credential];
  // A fresh token per measurement: a full run is longer than a token's 15 minutes.
  const token = scenario.app === 'auth' || isBaseline ? 'baseline-does-not-check' : await exchange(credential, scenario.ownPostgres ? server.url : undefined);
  side.request = () => scenario.request({ credential, token });
  if (options.warmup > 0) {
    const warm = await runLoad({ url: server.url, connections: scenario.connections, duration: options.warmup, request: side.request() });
    const codes = warm.result.statusCodeStats;
    if (!warm.result['2xx']) throw new Error(`warm-up got no 2xx response: ${JSON.stringify(codes)} (log: ${tail(server.logPath, 600)})`);
  }
  side.helperPids = [...children].filter((c) => c !== server && c.name === 'auth-helper').map((c) => c.pid);
  // PostgreSQL's write transactions: on the suite's own server, the limit's that write too
  side.admin = ownPostgres ? (isBaseline && !scenario.limitWrites ? undefined : await ownPostgresClient()) : isBaseline ? undefined : await pgAdminClient();
  if (scenario.burst && !isBaseline) side.admissions = await watchAdmissions(scenario, token);
  return side;
}

/** A connection to the run's Redis, for the bench's own reads and its cleanup. */
async function redisClient() {
  const Redis = require('ioredis');
  const redis = new Redis(context.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  await redis.connect();
  return redis;
}

/**
 * The admissions the rate limiter itself recorded for the flood's credential: the members of
 * its organization's burst set in Redis (`rl:burst:<organization>:<product>`, one per admitted request, scored
 * with Redis's clock in ms), read every 100 ms while a slice runs. A member stays in the set for
 * 1,001 ms after its admission, so every admission is seen. These are the times the server
 * admitted each request, which the client can only bracket between its send and its receive.
 */
async function watchAdmissions(scenario, token) {
  const organizationId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).org;
  const redis = await redisClient();
  const key = `${context.redisPrefix}rl:burst:${organizationId}:${scenario.product}`;
  const seen = new Map(); // member -> admitted at (ms, Redis's clock)
  let timer;
  const poll = async () => {
    const flat = await redis.zrange(key, 0, -1, 'WITHSCORES');
    for (let i = 0; i < flat.length; i += 2) seen.set(flat[i], Number(flat[i + 1]));
  };
  return {
    seen,
    start() {
      timer = setInterval(() => poll().catch(() => undefined), 100);
      return poll();
    },
    async stop() {
      clearInterval(timer);
      await poll();
    },
    close: () => redis.quit().catch(() => redis.disconnect()),
  };
}

/** One slice of load on a side: its responses, latencies, CPU and PostgreSQL's write transactions. */
async function loadSlice(side, scenario, seconds, rampMs) {
  const firstXid = side.admin ? await nextTransactionId(side.admin) : undefined;
  await side.admissions?.start();
  const startedAt = Date.now();
  const before = cpuSnapshot(side.server.pid, side.helperPids, side.postmasterPid);
  const run = await runLoad({
    url: side.server.url,
    connections: scenario.connections,
    duration: seconds,
    request: side.request(),
    track: !!scenario.burst && !side.isBaseline,
    rampMs: scenario.burst ? 0 : rampMs,
  });
  const after = cpuSnapshot(side.server.pid, side.helperPids, side.postmasterPid);
  const endedAt = Date.now();
  await side.admissions?.stop();
  if (side.admissions) run.window = { startedAt, endedAt };
  const lastXid = firstXid === undefined ? undefined : await nextTransactionId(side.admin);
  side.slices.push({ run, seconds, cpu: cpuDelta(before, after), writeTransactions: lastXid === undefined ? undefined : Number(lastXid - firstXid) });
}

/**
 * The suite's processes right after its last slice: its Node process's resident memory (VmRSS)
 * and its own PostgreSQL's (ownPostgresMemory), without the limit's backends or the bench's.
 */
async function suiteMemoryAfterLoad(side) {
  const { rows } = await side.admin.query("SELECT pid, application_name AS name FROM pg_stat_activity WHERE backend_type = 'client backend'");
  const notSuite = rows.filter((row) => row.name === 'platform-bench-limit' || row.name === 'platform-bench');
  const postgres = ownPostgresMemory(side.postmasterPid, new Set(notSuite.map((row) => row.pid)));
  // the suite's connections by pool (application_name), to say what the backends are
  postgres.backends = {};
  for (const { name } of rows) if (!notSuite.some((row) => row.name === name)) postgres.backends[name] = (postgres.backends[name] ?? 0) + 1;
  const nodeRssMb = round(memoryStatusMb(side.server.pid).VmRSS ?? null, 1);
  return { nodeRssMb, postgres, totalMb: round(nodeRssMb + postgres.mb, 1) };
}

/** A side's slices as one measurement. */
async function summarizeSide(side, scenario) {
  const { server, slices } = side;
  const result = { statusCodeStats: {}, '2xx': 0, duration: 0, errors: 0, timeouts: 0 };
  for (const { run } of slices) {
    for (const [code, { count }] of Object.entries(run.result.statusCodeStats)) {
      result.statusCodeStats[code] = { count: (result.statusCodeStats[code]?.count ?? 0) + count };
    }
    result['2xx'] += run.result['2xx'];
    result.duration += run.result.duration;
    result.errors += run.result.errors;
    result.timeouts += run.result.timeouts;
  }
  const sorted = new Float64Array(slices.reduce((total, { run }) => total + run.sorted.length, 0));
  let filled = 0;
  for (const { run } of slices) {
    sorted.set(run.sorted, filled);
    filled += run.sorted.length;
  }
  if (slices.length > 1) sorted.sort();
  const seconds = slices.reduce((total, slice) => total + slice.seconds, 0);
  const summary = summarize({ result, sorted }, seconds);
  const ramp = Float64Array.from(slices.flatMap(({ run }) => Array.from(run.ramp ?? []))).sort();
  if (ramp.length) summary.ramp = { responses: ramp.length, p50Ms: round(percentile(ramp, 50)), p99Ms: round(percentile(ramp, 99)) };
  summary.slices = slices.length;
  summary.startRssMb = side.startRssMb;
  summary.peakRssMb = round(peakRssMb(server.pid), 1);
  summary.rssAfterLoad = rssParts(server.pid);
  if (scenario.ownPostgres && !side.isBaseline) summary.afterLoad = await suiteMemoryAfterLoad(side);
  summary.cpuPercent = cpuShare(slices.map((slice) => slice.cpu));
  // Server CPU per response (µs): what one request costs the server, whatever its throughput.
  summary.serverUsPerResponse = summary.responsesPerSecond ? round(((summary.cpuPercent.server / 100) * 1e6) / summary.responsesPerSecond, 1) : null;
  if (slices.every((slice) => slice.writeTransactions !== undefined)) {
    const writeTransactions = slices.reduce((total, slice) => total + slice.writeTransactions, 0);
    summary.writeTransactions = {
      perSecond: Math.round(writeTransactions / (summary.durationS || seconds)),
      perResponse: summary.responses ? round(writeTransactions / summary.responses, 3) : null,
    };
  }
  if (scenario.burst && !side.isBaseline) {
    summary.throttle = throttleStats(
      slices.flatMap(({ run }) => run.admitted),
      scenario.burst,
    );
    summary.throttle.recorded = recordedStats(
      [...side.admissions.seen.values()],
      slices.map(({ run }) => run.window),
      summary.ok,
    );
  }
  summary.errors = countErrors(scenario, summary);
  if (summary.errors > 0) summary.errorSample = errorSample(server.logPath);
  return summary;
}

async function closeSide(side) {
  await side.admin?.end().catch(() => undefined);
  await side.admissions?.close();
  await stopProcess(side.server);
}

function countErrors(scenario, summary) {
  let errors = summary.socketErrors + summary.timeouts;
  for (const [code, count] of Object.entries(summary.statusCodes)) {
    const status = Number(code);
    if (status >= 200 && status < 300) continue;
    if (status === 429 && scenario.burst) continue;
    errors += count;
  }
  return errors;
}

function errorSample(logPath) {
  return tail(logPath, 800);
}

async function runScenario(scenario, options) {
  const rounds = [];
  for (let r = 1; r <= options.rounds; r++) {
    const entry = { round: r };
    const sides = [];
    try {
      const withLimit = scenario.baseline !== false;
      const openLimit = async () => {
        log(
          `${scenario.number}. ${scenario.id}: round ${r}/${options.rounds}, starting the limit (bare Fastify${scenario.limitWrites ? ' writing with pg' : ''}) and warming it up`,
        );
        sides.unshift(await openSide(scenario, 'limit', options));
      };
      // Sides load in the order of `sides`, the limit first: the suite's slice is the last of a round.
      if (withLimit && !scenario.ownPostgres) await openLimit();
      log(
        `${scenario.number}. ${scenario.id}: round ${r}/${options.rounds}, starting the suite (${scenario.app}${scenario.ownPostgres ? ' and its own PostgreSQL' : ''}) and warming it up`,
      );
      sides.push(await openSide(scenario, 'suite', options));
      if (withLimit && scenario.ownPostgres) await openLimit();
      // Limit and suite take turns, slice by slice, so that both see the machine of the same
      // moments: a shared machine's speed changes within seconds.
      const count = withLimit && options.slice > 0 ? Math.max(1, Math.round(options.duration / options.slice)) : 1;
      const seconds = options.duration / count;
      log(
        `${scenario.number}. ${scenario.id}: round ${r}/${options.rounds}, ${withLimit ? `limit and suite in turn, ${count} slice(s) of ${round(seconds, 2)} s each` : `${seconds} s`}`,
      );
      for (let i = 0; i < count; i++) for (const side of sides) await loadSlice(side, scenario, seconds, count > 1 ? options.ramp : 0);
      for (const side of sides) entry[side.kind] = await summarizeSide(side, scenario);
    } finally {
      for (const side of sides) await closeSide(side);
    }
    if (entry.limit) entry.ratio = entry.limit.rps ? round(entry.suite.rps / entry.limit.rps, 3) : null;
    rounds.push(entry);
  }
  const suite = rounds.map((r) => r.suite);
  const limits = rounds.map((r) => r.limit).filter(Boolean);
  const summary = {
    id: scenario.id,
    number: scenario.number,
    title: scenario.title,
    measures: scenario.measures,
    server: scenario.app,
    connections: scenario.connections,
    rps: median(suite.map((s) => s.rps)),
    responsesPerSecond: median(suite.map((s) => s.responsesPerSecond)),
    p50Ms: median(suite.map((s) => s.p50Ms)),
    p99Ms: median(suite.map((s) => s.p99Ms)),
    rampP99Ms: suite.every((s) => s.ramp) ? median(suite.map((s) => s.ramp.p99Ms)) : null,
    errors: suite.reduce((sum, s) => sum + s.errors, 0) + limits.reduce((sum, s) => sum + s.errors, 0),
    peakRssMb: Math.max(...suite.map((s) => s.peakRssMb ?? 0)),
    startRssMb: median(suite.map((s) => s.startRssMb)),
    limitRps: limits.length ? median(limits.map((s) => s.rps)) : null,
    limitP99Ms: limits.length ? median(limits.map((s) => s.p99Ms)) : null,
    limitPeakRssMb: limits.length ? Math.max(...limits.map((s) => s.peakRssMb ?? 0)) : null,
    ratio: limits.length ? median(rounds.map((r) => r.ratio)) : null,
    cpuPercent: {
      suite: medianCpu(suite.map((s) => s.cpuPercent)),
      limit: limits.length ? medianCpu(limits.map((s) => s.cpuPercent)) : null,
    },
    serverUsPerResponse: {
      suite: median(suite.map((s) => s.serverUsPerResponse)),
      limit: limits.length ? median(limits.map((s) => s.serverUsPerResponse)) : null,
    },
    rssAfterLoad: { suite: medianRssParts(suite), limit: limits.length ? medianRssParts(limits) : null },
    writeTransactions: suite.every((s) => s.writeTransactions)
      ? { perSecond: median(suite.map((s) => s.writeTransactions.perSecond)), perResponse: median(suite.map((s) => s.writeTransactions.perResponse)) }
      : null,
    rounds,
  };
  if (scenario.ownPostgres) summary.afterLoad = suite.map((s) => s.afterLoad).reduce((most, m) => (m.totalMb > most.totalMb ? m : most));
  if (scenario.burst) {
    const throttles = suite.map((s) => s.throttle);
    summary.throttle = {
      burst: scenario.burst,
      medianAdmittedPerSecond: median(throttles.map((t) => t.medianPerSecond)),
      maxPerWallClockSecond: Math.max(...throttles.map((t) => t.maxPerWallClockSecond)),
      maxSlidingReceived: Math.max(...throttles.map((t) => t.maxSlidingReceived)),
      maxDefinite: Math.max(...throttles.map((t) => t.maxDefinite)),
      recorded: {
        admissions: throttles.reduce((total, t) => total + t.recorded.admissions, 0),
        maxPerSecond: Math.max(...throttles.map((t) => t.recorded.maxPerSecond)),
        maxSliding: Math.max(...throttles.map((t) => t.recorded.maxSliding)),
        unrecorded: throttles.reduce((total, t) => total + t.recorded.unrecorded, 0),
      },
    };
    summary.ratio = round(summary.throttle.recorded.maxPerSecond / scenario.burst, 3);
  }
  const rssTargetMb = scenario.rssTargetMb ?? RSS_TARGET_MB;
  const targets = [...scenario.targets, scenario.memoryTarget ?? { label: `peak RSS ≤ ${rssTargetMb} MB`, check: (s) => s.peakRssMb <= rssTargetMb }];
  summary.targets = targets.map((t) => ({ target: t.label, met: !!t.check(summary) }));
  summary.met = summary.targets.every((t) => t.met);
  return summary;
}

function medianRssParts(measurements) {
  const parts = measurements.map((m) => m.rssAfterLoad).filter(Boolean);
  return parts.length ? { anonMb: median(parts.map((p) => p.anonMb)), fileMb: median(parts.map((p) => p.fileMb)) } : null;
}

function medianCpu(list) {
  const keys = ['server', 'loadGenerator', 'helpers', 'postgres', 'redis', 'other'];
  return Object.fromEntries(keys.map((key) => [key, median(list.map((c) => c[key]))]));
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (value, digits = 0) =>
  value === null || value === undefined ? '—' : Number(value).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (ratio) => (ratio === null || ratio === undefined ? '—' : `${Math.round(ratio * 1000) / 10}%`);

function tableRows(report) {
  return report.scenarios.map((s) => {
    if (s.failed)
      return [String(s.number), s.id, s.server, '', 'FAILED', ...Array(HEADER.length - 7).fill(''), s.failed.split('\n')[0].slice(0, 120), 'not run'];
    const ratio = s.throttle ? `${s.throttle.recorded.maxPerSecond}/${s.throttle.burst} per s` : pct(s.ratio);
    const limit = s.throttle ? `burst ${s.throttle.burst}/s` : fmt(s.limitRps);
    const rps = s.throttle ? `${fmt(s.responsesPerSecond)} (${fmt(s.throttle.medianAdmittedPerSecond)} admitted)` : fmt(s.rps);
    return [
      String(s.number),
      s.id,
      s.server,
      String(s.connections),
      rps,
      fmt(s.p50Ms, 2),
      fmt(s.p99Ms, 2),
      String(s.errors),
      fmt(s.peakRssMb, 1),
      limit,
      fmt(s.limitP99Ms, 2),
      ratio,
      s.targets.map((t) => t.target).join('; '),
      s.targets.map((t) => (t.met ? 'met' : 'NOT met')).join('; '),
    ];
  });
}

const HEADER = [
  '#',
  'scenario',
  'server',
  'conns',
  'req/s (median)',
  'p50 ms',
  'p99 ms',
  'errors',
  'peak RSS MB',
  'limit req/s',
  'limit p99 ms',
  'ratio to limit',
  'target',
  'met',
];

function textTable(rows) {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(rows) {
  const escape = (cell) => cell.replace(/\|/g, '\\|');
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`)].join('\n');
}

/** How the local stores were placed, for the report. */
function storesPinning(pinning) {
  const stores = pinning.stores ?? { moved: [], skipped: [] };
  const moved = stores.moved.length ? `${stores.moved.join(' and ')} on core ${pinning.helpers} too (their own affinity put back afterwards)` : '';
  const skipped = stores.skipped.length ? `${stores.moved.length ? '; ' : 'PostgreSQL and Redis unpinned: '}${stores.skipped.join(', ')}` : '';
  return moved + skipped || 'PostgreSQL and Redis unpinned';
}

function markdown(report) {
  const lines = [];
  lines.push(`# Benchmark ${report.smoke ? '(smoke) ' : ''}${report.startedAt}`);
  lines.push('');
  lines.push(describeRun(report));
  lines.push('');
  lines.push(markdownTable(tableRows(report)));
  lines.push('');
  lines.push(
    'Ratio: the suite’s 2xx req/s over the bare Fastify server’s in the same round, median of the rounds. p50/p99: of 2xx responses, median of the rounds; the limit’s p99 beside them is how fast this machine answers at all (where even bare Fastify’s p99 is over an absolute latency target, the host, not the pipeline, is what missed it). Peak RSS: VmHWM of the server process, the highest of the rounds. Errors: non-2xx responses (other than 429 in the throttler scenario), socket errors and timeouts, limit and suite together.',
  );
  lines.push('');
  lines.push(...stress.sections(report));
  lines.push(...ownPostgresSection(report));
  lines.push('## Where the CPU went (median of the rounds, % of one core during the measurement)');
  lines.push('');
  lines.push(
    'The server is pinned to core 0: near 100% it was the bottleneck. A limit server well under 100% was not saturated (the load generator or another process held it back), which understates the limit and flatters the ratio; a large “anything else” means the machine was busy with other work during the run.',
  );
  lines.push('');
  lines.push('| # | scenario | run | server (core 0) | server µs per response | load generator | auth helper | PostgreSQL | Redis | anything else |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const s of report.scenarios) {
    if (s.failed) continue;
    for (const [run, cpu] of [
      ['limit', s.cpuPercent.limit],
      ['suite', s.cpuPercent.suite],
    ]) {
      if (!cpu) continue;
      lines.push(
        `| ${s.number} | ${s.id} | ${run} | ${fmt(cpu.server)}% | ${fmt(s.serverUsPerResponse?.[run])} | ${fmt(cpu.loadGenerator)}% | ${fmt(cpu.helpers)}% | ${fmt(cpu.postgres)}% | ${fmt(cpu.redis)}% | ${cpu.other === null || cpu.other === undefined ? '—' : `${fmt(cpu.other)}%`} |`,
      );
    }
  }
  const wrote = report.scenarios.filter((s) => !s.failed && s.writeTransactions);
  if (wrote.length) writeTransactionsSection(lines, wrote);
  lines.push('');
  lines.push('## What the memory was (right after the load, median of the rounds)');
  lines.push('');
  lines.push(
    'Anonymous: the V8 heap (young generation, old generation, code), malloc and thread stacks. File-backed: the pages of the node binary and shared libraries the process touched; every Node process on a host shares them, and the limit carries them too.',
  );
  lines.push('');
  lines.push('| # | scenario | run | peak RSS MB | anonymous MB | file-backed MB |');
  lines.push('|---|---|---|---|---|---|');
  for (const s of report.scenarios) {
    if (s.failed || !s.rssAfterLoad) continue;
    for (const [run, parts, peak] of [
      ['limit', s.rssAfterLoad.limit, s.limitPeakRssMb],
      ['suite', s.rssAfterLoad.suite, s.peakRssMb],
    ]) {
      if (!parts) continue;
      lines.push(`| ${s.number} | ${s.id} | ${run} | ${fmt(peak, 1)} | ${fmt(parts.anonMb, 1)} | ${fmt(parts.fileMb, 1)} |`);
    }
  }
  lines.push('');
  lines.push('## Rounds');
  lines.push('');
  lines.push(
    '| # | scenario | round | limit req/s | limit p99 ms | suite req/s | suite p50 ms | suite p99 ms | suite RSS MB after start | suite peak RSS MB | ratio |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const s of report.scenarios) {
    if (s.failed) continue;
    for (const r of s.rounds) {
      lines.push(
        `| ${s.number} | ${s.id} | ${r.round} | ${fmt(r.limit?.rps)} | ${fmt(r.limit?.p99Ms, 2)} | ${fmt(r.suite.rps)} | ${fmt(r.suite.p50Ms, 2)} | ${fmt(r.suite.p99Ms, 2)} | ${fmt(r.suite.startRssMb, 1)} | ${fmt(r.suite.peakRssMb, 1)} | ${r.ratio === undefined ? '—' : pct(r.ratio)} |`,
      );
    }
  }
  const throttle = report.scenarios.find((s) => s.throttle);
  if (throttle) {
    lines.push('');
    lines.push(
      `Throttler: the limiter recorded ${fmt(throttle.throttle.recorded.admissions)} admissions, at most ${throttle.throttle.recorded.maxPerSecond} in one wall-clock second and ${throttle.throttle.recorded.maxSliding} in any 1,000 ms, ${throttle.throttle.recorded.unrecorded === 0 ? 'and every 200 the client received was one of them' : `but the client received ${throttle.throttle.recorded.unrecorded} more 200s than it recorded`}; on the client, at most ${throttle.throttle.maxDefinite} 200s certainly admitted within one 1,000 ms window (send and receive times both inside it). By receive time on the client (latency moves a response across a second's edge): ${throttle.throttle.medianAdmittedPerSecond} per whole second (median), at most ${throttle.throttle.maxPerWallClockSecond} in one wall-clock second and ${throttle.throttle.maxSlidingReceived} in any 1,000 ms; burst ${throttle.throttle.burst}. Per second received, round by round: ${throttle.rounds.map((r) => r.suite.throttle.perWallClockSecond.join(' ')).join(' | ')}.`,
    );
  }
  const failed = report.scenarios.filter((s) => s.failed);
  if (failed.length) {
    lines.push('');
    lines.push('## Failed');
    for (const s of failed) lines.push('', `${s.number}. ${s.id}:`, '', '```', s.failed, '```');
  }
  return lines.join('\n') + '\n';
}

/**
 * The suite on its own PostgreSQL: what its processes held after the load, and what a response
 * cost the two together, for the printed summary, the Markdown report and the README.
 */
function ownPostgresSection(report) {
  const ran = report.scenarios.filter((s) => s.afterLoad && !s.failed);
  if (!ran.length) return [];
  const perResponse = (cpu, rps) => (cpu && rps ? ((cpu.postgres / 100) * 1e6) / rps : null);
  const lines = [
    '## The suite on its own PostgreSQL',
    '',
    'The suite and the PostgreSQL it starts share core 0. Memory right after the load (the round with the most): the suite’s Node process (VmRSS) and its PostgreSQL (shared memory once, the private memory of the postmaster, its background processes and the suite’s backends, the binary’s pages once). CPU per response: the Node process and the PostgreSQL server (the limit’s own backends included on its side), medians of the rounds.',
    '',
    '| # | scenario | Node RSS MB | PostgreSQL MB (shared + private + binary) | its processes | suite’s processes MB | server µs per response (limit) | PostgreSQL µs per response (limit) | write transactions per response (limit) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of ran) {
    const { nodeRssMb, postgres, totalMb } = s.afterLoad;
    const limitRps = median(s.rounds.map((r) => r.limit?.responsesPerSecond));
    const writes = (side) => (side ? median(s.rounds.map((r) => r[side]?.writeTransactions?.perResponse)) : null);
    lines.push(
      `| ${s.number} | ${s.id} | ${fmt(nodeRssMb, 1)} | ${fmt(postgres.mb, 1)} (${fmt(postgres.shmemMb, 1)} + ${fmt(postgres.anonMb, 1)} + ${fmt(postgres.fileMb, 1)}) | ${postgres.processes} | ${fmt(totalMb, 1)} | ${fmt(s.serverUsPerResponse.suite)} (${fmt(s.serverUsPerResponse.limit)}) | ${fmt(perResponse(s.cpuPercent.suite, s.responsesPerSecond))} (${fmt(perResponse(s.cpuPercent.limit, limitRps))}) | ${fmt(writes('suite'), 3)} (${s.rounds.some((r) => r.limit?.writeTransactions) ? fmt(writes('limit'), 3) : '—'}) |`,
    );
  }
  lines.push('', 'The suite’s connections to its PostgreSQL then, by pool (application_name):', '');
  for (const s of ran)
    lines.push(
      `- ${s.number}. ${s.id}: ${
        Object.entries(s.afterLoad.postgres.backends ?? {})
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([name, count]) => `${name.replace(/^platform-/, '')} ${count}`)
          .join(', ') || 'none'
      }`,
    );
  return [...lines, ''];
}

function writeTransactionsSection(lines, scenarios) {
  lines.push('');
  lines.push('## What PostgreSQL wrote (suite runs, median of the rounds)');
  lines.push('');
  lines.push(
    'Write transactions: transaction ids PostgreSQL assigned during the measurement (one per transaction that wrote; reads take none), per second and per response. Each commit of a write waits for its WAL flush, so where responses write, responses per write transaction is how many writes a flush carries.',
  );
  lines.push('');
  lines.push('| # | scenario | write transactions a second | per response | responses per write transaction |');
  lines.push('|---|---|---|---|---|');
  for (const s of scenarios) {
    const { perSecond, perResponse } = s.writeTransactions;
    lines.push(`| ${s.number} | ${s.id} | ${fmt(perSecond)} | ${fmt(perResponse, 3)} | ${perResponse ? fmt(1 / perResponse, 2) : '—'} |`);
  }
}

function describeRun(report) {
  const e = report.environment;
  const pin = report.pinning.enabled
    ? `server under test pinned to core ${report.pinning.server}, load generator (autocannon in the bench process) and the auth helper on core ${report.pinning.helpers}; ${storesPinning(report.pinning)}`
    : `no pinning (${report.pinning.reason})`;
  const own = report.scenarios.filter((s) => s.afterLoad).map((s) => s.number);
  const ownPin = own.length
    ? ` In ${own.join(' and ')}, the suite runs on its own PostgreSQL${report.pinning.enabled ? `, on core ${report.pinning.server} with it (and with the limit)` : ''}.`
    : '';
  const busy = [];
  for (const s of report.scenarios) {
    if (s.failed) continue;
    for (const r of s.rounds) {
      for (const [run, m] of [
        ['limit', r.limit],
        ['suite', r.suite],
      ]) {
        if (m?.cpuPercent?.other > 20) busy.push(`${s.number}/${r.round}/${run} ${Math.round(m.cpuPercent.other)}%`);
      }
    }
  }
  const disturbed = busy.length
    ? `Other work on the machine took more than 20% of a core during ${busy.length} measurement(s) (scenario/round/run: ${busy.join(', ')}): those numbers are disturbed.`
    : 'Other work on the machine stayed under 20% of a core during every measurement.';
  return [
    `${report.options.rounds} round(s) × ${report.options.duration} s per measurement after ${report.options.warmup} s of warm-up; ${report.options.slice > 0 ? `limit and suite loaded in turn, ${report.options.slice} s at a time, within each round; the responses of each slice's first ${report.options.ramp} ms, while it opens its connections, are measured apart (\`ramp\` in the JSON) and left out of the latencies` : 'limit, then suite, in each round'}. Services run with \`NODE_OPTIONS="${report.options.serviceNodeOptions}"\` as the image runs them${report.options.suiteNodeOptions && report.scenarios.some((s) => s.server === 'suite') ? ` (the one-machine suite with \`${report.options.suiteNodeOptions}\`, as \`npm start\` runs it)` : ''}${report.options.serviceLogLevel ? ` and \`LOG_LEVEL=${report.options.serviceLogLevel}\` as production does` : ''}${report.options.nodeArgs ? `, and \`${report.options.nodeArgs.join(' ')}\`` : ''}; the limit with Node's defaults.`,
    `Machine: ${e.cpus} × ${e.cpuModel}, ${e.memoryGb} GB; Node ${e.node}; ${pin}.${ownPin}`,
    `Code: ${e.commit}${e.dirty ? ` (working tree with uncommitted changes in ${e.dirty})` : ''}. Total wall time ${report.wallTimeS} s.`,
    disturbed,
  ].join('\n');
}

function writeReadmeFigures(report) {
  const readme = path.join(__dirname, 'README.md');
  let text;
  try {
    text = fs.readFileSync(readme, 'utf8');
  } catch {
    return;
  }
  const start = '<!-- latest-figures:start -->';
  const end = '<!-- latest-figures:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return;
  const body = [
    start,
    '',
    `Run of ${report.startedAt} (\`${report.command}\`):`,
    '',
    describeRun(report),
    '',
    markdownTable(tableRows(report)),
    '',
    ...stress.sections(report),
    ...ownPostgresSection(report),
    end,
  ].join('\n');
  fs.writeFileSync(readme, text.slice(0, a) + body + text.slice(b + end.length));
}

function gitInfo() {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', timeout: 10_000 });
  const commit = git('rev-parse', '--short', 'HEAD').stdout?.trim() || 'unknown';
  // What the services run: their code, their dependencies, and the Node options the image sets.
  const dirty = (git('status', '--porcelain', '--', 'apps', 'libs', 'suite', 'docker', 'package.json', 'package-lock.json').stdout || '').trimEnd();
  const dirtyPaths = [
    ...new Set(
      dirty
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(3).split('/').slice(0, 2).join('/')),
    ),
  ];
  return { commit, dirty: dirtyPaths.join(', ') };
}

// ---------------------------------------------------------------------------------------------
// Main

async function cleanup() {
  if (cleanupStarted) return;
  cleanupStarted = true;
  await Promise.all([...children].map((proc) => stopProcess(proc).catch(() => undefined)));
  restoreStores();
  if (!context) return;
  if (context.ownPostgres) {
    await stopOwnPostgres();
    removeOwnPostgresData();
  }
  if (context.redisPrefix) {
    try {
      const redis = await redisClient();
      let cursor = '0';
      let deleted = 0;
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${context.redisPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) deleted += await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
      context.redisKeysDeleted = deleted;
    } catch (error) {
      log(`could not clean Redis keys ${context.redisPrefix}*: ${error.message}`);
    }
  }
  if (context.databaseCreated) {
    try {
      await pgAdmin(`DROP DATABASE IF EXISTS ${context.databaseName} WITH (FORCE)`);
    } catch (error) {
      log(`could not drop database ${context.databaseName}: ${error.message}`);
    }
  }
  if (context.keepLogs) log(`service logs kept in ${context.logDir}`);
  else fs.rmSync(context.workDir, { recursive: true, force: true });
  fs.rmSync(context.dataDir, { recursive: true, force: true });
}

/** What a stress scenario (bench/stress/index.js) runs with: the enterprise credential, the processes, the load, the readings. */
function stressBench(options) {
  const helperPids = () => [...children].filter((c) => c.name === 'auth-helper').map((c) => c.pid);
  // each party's share of a core from now until the function returned is called, as in the CPU table
  const cpu = (pid) => {
    const before = cpuSnapshot(pid, helperPids());
    return () => cpuShare([cpuDelta(before, cpuSnapshot(pid, helperPids()))]);
  };
  return {
    options,
    credential: context.credentials.enterprise,
    databaseUrl: context.databaseUrl,
    pinning,
    script: (app) => APP_SCRIPTS[app],
    startProcess,
    stopProcess,
    exchange,
    call,
    runLoad,
    summarize,
    percentile,
    log,
    cpu,
    peakRssMb: (pid) => round(peakRssMb(pid), 1),
  };
}

function installExitHandlers(deadlineMs) {
  // Last resort: a child still running when this process exits is killed.
  process.on('exit', () => {
    restoreStores();
    for (const proc of children) {
      try {
        proc.child.kill('SIGKILL');
      } catch {}
    }
    // and the suite's own PostgreSQL, which a killed suite leaves running: immediate shutdown
    if (context?.ownPostgres) {
      try {
        process.kill(ownPostgresServer().pid, 'SIGQUIT');
      } catch {}
      removeOwnPostgresData();
    }
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      if (context) context.keepLogs = true;
      cleanup().finally(() => process.exit(code));
    });
  }
  const watchdog = setTimeout(() => {
    log(`did not finish within ${Math.round(deadlineMs / 1000)} s: stopping`);
    if (context) context.keepLogs = true;
    cleanup().finally(() => process.exit(1));
  }, deadlineMs);
  watchdog.unref();
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const all = [...SCENARIOS, ...stress.scenarios(log), ...ONE_MACHINE_SCENARIOS, ...OWN_POSTGRES_SCENARIOS];
  const selected = options.scenarios ? all.filter((s) => options.scenarios.includes(String(s.number)) || options.scenarios.includes(s.id)) : all;
  if (!selected.length) usage(`no scenario matches ${options.scenarios.join(',')}`);
  for (const script of [...new Set(selected.map((s) => APP_SCRIPTS[s.app]))].concat('dist/apps/auth/main.js', 'dist/apps/auth/cli.js')) {
    if (!fs.existsSync(path.join(ROOT, script))) {
      process.stderr.write(`bench: ${script} is missing: build first (node scripts/ensure-built.js, or npm run bench which does it)\n`);
      process.exit(1);
    }
  }

  const startedAt = new Date();
  const t0 = performance.now();
  // Per measurement: two process starts (~2 s each), warm-up and duration, and each slice's own
  // start and readings; plus setup.
  const perMeasurement = options.warmup + options.duration + 8 + (options.slice > 0 ? options.duration / options.slice : 1) * 0.3;
  const deadlineMs = options.smoke
    ? 165_000
    : (120 + selected.filter((s) => !s.stress).length * options.rounds * 2 * perMeasurement * 1.5 + stress.budgetSeconds(selected, options)) * 1000;
  installExitHandlers(deadlineMs);

  pinning = setUpPinning(options.pin);
  const id = randomBytes(5).toString('hex');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `platform-bench-${id}-`));
  context = {
    id,
    workDir,
    logDir: path.join(workDir, 'logs'),
    dataDir: path.join(workDir, 'data'),
    adminPostgresUrl: ADMIN_POSTGRES_URL,
    databaseName: `platform_bench_${id}`,
    databaseUrl: ADMIN_POSTGRES_URL.replace(/\/[^/]*$/, `/platform_bench_${id}`),
    redisUrl: REDIS_URL,
    redisPrefix: `bench:${id}:`,
    credentials: {},
    keepLogs: options.keepLogs,
  };
  fs.mkdirSync(context.logDir, { recursive: true });
  fs.mkdirSync(context.dataDir, { recursive: true });
  // The suite's own DATA_DIR, in a directory of its own: as root the suite runs its PostgreSQL as
  // another user, who must be able to pass through every parent (the work directory is private).
  if (selected.some((s) => s.ownPostgres)) context.ownPostgres = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `platform-bench-${id}-suite-`)) };

  const report = {
    command: `node bench/run.js ${process.argv.slice(2).join(' ')}`.trim(),
    smoke: options.smoke,
    startedAt: startedAt.toISOString(),
    options: {
      rounds: options.rounds,
      duration: options.duration,
      slice: options.slice,
      ramp: options.ramp,
      warmup: options.warmup,
      serviceNodeOptions: SERVICE_NODE_OPTIONS,
      suiteNodeOptions: SUITE_NODE_OPTIONS,
      serviceLogLevel: SERVICE_LOG_LEVEL,
      ...(options.nodeArgs.length ? { nodeArgs: options.nodeArgs } : {}),
    },
    pinning,
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      ...gitInfo(),
    },
    scenarios: [],
  };

  let failed = false;
  try {
    log(
      `database ${context.databaseName}, Redis prefix ${context.redisPrefix}, ${pinning.enabled ? `server on core 0, load on core 1; ${storesPinning(pinning)}` : `not pinned: ${pinning.reason}`}`,
    );
    await pgAdmin(`CREATE DATABASE ${context.databaseName}`);
    context.databaseCreated = true;

    // The suite's own PostgreSQL is made while the rest is set up, when nothing is measured yet;
    // with --smoke, whose figures are not figures, while the scenarios before its own run too.
    const ownPostgresReady = context.ownPostgres ? prepareOwnPostgres() : undefined;
    ownPostgresReady?.catch(() => undefined);
    if (context.ownPostgres) context.ownPostgres.ready = ownPostgresReady;
    // auth runs throughout as the helper the other services verify tokens with (JWKS, revocations).
    const auth = await startProcess({ name: 'auth-helper', script: APP_SCRIPTS.auth, env: {}, cpu: pinning.helpers });
    context.authUrl = auth.url;
    context.credentials.enterprise = await createCredential('api-enterprise', ['--burst', '1000000', '--quota', '1000000000']);
    if (selected.some((s) => s.credential === 'sandbox')) context.credentials.sandbox = await createCredential('developer-sandbox');
    await seed(new Set(selected.filter((s) => s.number <= 3 || s.seed).map((s) => s.seed ?? s.app)));
    if (!options.smoke) await ownPostgresReady;

    for (const scenario of selected) {
      try {
        if (scenario.ownPostgres) await context.ownPostgres.ready;
        const summary = scenario.stress ? await stress.run(scenario, stressBench(options)) : await runScenario(scenario, options);
        report.scenarios.push(summary);
        if (summary.errors > 0) failed = true;
      } catch (error) {
        failed = true;
        context.keepLogs = true;
        log(`${scenario.number}. ${scenario.id} could not run: ${error.message}`);
        report.scenarios.push({ id: scenario.id, number: scenario.number, title: scenario.title, server: scenario.app, failed: error.message });
      }
    }
  } catch (error) {
    failed = true;
    context.keepLogs = true;
    log(`setup failed: ${error.stack ?? error.message}`);
    report.setupError = error.message;
  }

  await cleanup();
  report.wallTimeS = Math.round((performance.now() - t0) / 100) / 10;
  for (const scenario of selected) {
    if (!report.scenarios.some((s) => s.id === scenario.id))
      report.scenarios.push({ id: scenario.id, number: scenario.number, title: scenario.title, server: scenario.app, failed: report.setupError ?? 'not run' });
  }
  report.ok = !failed;

  const rows = tableRows(report);
  process.stdout.write(`\n${describeRun(report)}\n\n${textTable(rows)}\n\n${[...stress.sections(report), ...ownPostgresSection(report)].join('\n')}\n`);
  fs.mkdirSync(options.out, { recursive: true });
  const json = JSON.stringify(report, null, 2) + '\n';
  const md = markdown(report);
  fs.writeFileSync(path.join(options.out, 'latest.json'), json);
  fs.writeFileSync(path.join(options.out, 'latest.md'), md);
  if (!options.smoke) {
    const stamp = report.startedAt.replace(/[:]/g, '-').replace(/\.\d+Z$/, 'Z');
    fs.writeFileSync(path.join(options.out, `${stamp}.json`), json);
    fs.writeFileSync(path.join(options.out, `${stamp}.md`), md);
    // Figures from a profiled run are not figures of the service.
    if (options.readme && !options.nodeArgs.length && options.out === path.join(__dirname, 'results')) writeReadmeFigures(report);
  }
  process.stdout.write(
    `Results: ${path.relative(process.cwd(), path.join(options.out, 'latest.md')) || options.out} (and latest.json). ${report.ok ? 'Every scenario ran without errors.' : 'Some scenarios failed or got errors: see above.'}\n`,
  );
  process.exit(report.ok ? 0 : 1);
}

if (process.argv.includes('--scale')) require('./scale');
else
  main().catch(async (error) => {
    log(`fatal: ${error.stack ?? error.message}`);
    if (context) context.keepLogs = true;
    await cleanup().catch(() => undefined);
    process.exit(1);
  });
