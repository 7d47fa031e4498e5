#!/usr/bin/env node
'use strict';
/**
 * The one-machine suite's memory as a user runs it: `npm start` on its own PostgreSQL, the two
 * pinned to core 0, a fixed number of authenticated GETs (scenario 11's) from core 1. After the
 * load: the suite's Node process (VmRSS and its peak VmHWM), its PostgreSQL (counted as scenario
 * 11 counts it) and the connections it holds, and the garbage collections V8 ran during the load
 * (`--trace-gc`). A fixed number of requests, not of seconds: how far the old generation grows
 * depends on the requests served, not on how fast a shared machine served them, so runs of one
 * setting compare across hosts and moments.
 *
 *   node bench/one-machine-memory.js [--requests N] [--runs N] [--node-args FLAGS]
 *   node bench/one-machine-memory.js --requests 400000 --node-args '--heap-growing-percent=100'
 *
 * `--node-args` go to the suite after npm start's own (a V8 flag given twice takes the last).
 */
const { execFile, execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { call, freePort, memoryStatusMb, ownPostgresMemory, round, sleep, suiteNodeOptions } = require('./support');

const ROOT = path.join(__dirname, '..');
const CATEGORIES = ['assigned', 'approval', 'mention', 'comment', 'calendar', 'drive', 'crm', 'due', 'general'];

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : process.argv[at + 1];
}
const requests = Number(option('--requests', 200_000));
const runs = Number(option('--runs', 1));
const nodeArgs = option('--node-args', '').split(/\s+/).filter(Boolean);

let pinned = false;
try {
  execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  pinned = os.cpus().length > 1;
} catch {}

/** What the suite and its CLI run with: production, as the bench runs every service, on `dataDir` and nothing else. */
const suiteEnv = (dataDir) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: 'http://127.0.0.1',
  WEBHOOK_SECRETS_KEY: 'bench-only-webhook-secrets-key-0123456789',
});

/** The suite on `dataDir`, as `npm start` runs it (pinned to core 0 when possible), its output in `logPath`. */
async function startSuite(dataDir, logPath, extraArgs = []) {
  const port = await freePort();
  const args = [...suiteNodeOptions().split(' '), ...extraArgs, 'dist/suite/main.js'];
  const out = fs.openSync(logPath, 'w');
  const child = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', '0', process.execPath, ...args] : args, {
    cwd: ROOT,
    env: { ...suiteEnv(dataDir), LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the suite exited: ${fs.readFileSync(logPath, 'utf8').slice(-1500)}`);
    try {
      if ((await call(url, 'GET', '/healthz/ready')).status === 200) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the suite did not answer within 120 s');
    await sleep(100);
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, pid: child.pid, stop };
}

function createCredential(dataDir) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['dist/suite/cli.js', 'developers:create', '--org', 'Bench memory', '--plan', 'api-enterprise', '--burst', '1000000', '--quota', '1000000000', '--json'],
      { cwd: ROOT, env: suiteEnv(dataDir), encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`developers:create failed: ${stderr || stdout}`)) : resolve(JSON.parse(stdout.trim().split('\n').pop())),
    );
  });
}

async function headersFor(url, credential) {
  const response = await call(url, 'POST', '/api/v1/authorize/token', {
    headers: { 'x-platform-api-key': credential.apiKey, 'x-platform-api-secret': credential.apiSecret, 'x-platform-client-id': 'platform-developer' },
  });
  if (response.status !== 200) throw new Error(`token exchange: ${response.status} ${response.text.slice(0, 200)}`);
  return { authorization: `Bearer ${response.body.data.accessToken}`, 'x-platform-api-key': credential.apiKey, 'x-platform-client-id': 'platform-developer' };
}

/** V8's collections between two times of the process (ms since it started, as --trace-gc prints them). */
function collections(logPath, fromMs, toMs) {
  const counted = { scavenges: 0, scavengeMs: 0, longestScavengeMs: 0, markCompacts: [], markCompactMs: 0 };
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    const match = /\]\s+(\d+) ms: (Scavenge|Mark-Compact)\S* ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+) \//.exec(line);
    if (!match || Number(match[1]) < fromMs || Number(match[1]) > toMs) continue;
    if (match[2] === 'Scavenge') {
      counted.scavenges++;
      counted.scavengeMs = round(counted.scavengeMs + Number(match[5]), 1);
      counted.longestScavengeMs = Math.max(counted.longestScavengeMs, Number(match[5]));
    } else {
      // the heap in use when it began, and what it kept
      counted.markCompacts.push(`${Math.round(Number(match[3]))}→${Math.round(Number(match[4]))}`);
      counted.markCompactMs = round(counted.markCompactMs + Number(match[5]), 1);
    }
  }
  return counted;
}

async function measure(dataDir, credential, run) {
  const logPath = path.join(dataDir, `suite-${run}.log`);
  const spawned = Date.now();
  const suite = await startSuite(dataDir, logPath, ['--trace-gc', ...nodeArgs]);
  try {
    const headers = await headersFor(suite.url, credential);
    const from = Date.now() - spawned;
    const result = await autocannon({
      url: suite.url,
      connections: 50,
      amount: requests,
      requests: [{ method: 'GET', path: '/api/v1/app/notifications/preferences', headers }],
    });
    const to = Date.now() - spawned;
    const lock = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    const memory = memoryStatusMb(suite.pid);
    const postgres = ownPostgresMemory(Number(lock[0]));
    return {
      run,
      ok: result['2xx'],
      other: result.non2xx + result.errors + result.timeouts,
      perSecond: Math.round(result['2xx'] / ((to - from) / 1000)),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      nodeRssMb: round(memory.VmRSS, 1),
      nodePeakMb: round(memory.VmHWM, 1),
      postgresMb: postgres.mb,
      postgresProcesses: postgres.processes,
      totalMb: round(memory.VmRSS + postgres.mb, 1),
      gc: collections(logPath, from, to),
    };
  } finally {
    await suite.stop();
  }
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'suite', 'main.js'))) throw new Error('build first: node scripts/ensure-built.js');
  // in the temporary directory, which the suite's PostgreSQL (run as another user under root) can pass through
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-memory-'));
  try {
    // the first start makes the cluster and every schema; the credential is made beside it, as a user makes one
    const first = await startSuite(dataDir, path.join(dataDir, 'suite-setup.log'));
    let credential;
    try {
      credential = await createCredential(dataDir);
      const headers = await headersFor(first.url, credential);
      for (const category of CATEGORIES)
        await call(first.url, 'PATCH', '/api/v1/app/notifications/preferences', { headers, body: { category, sms: category === 'approval' } });
    } finally {
      await first.stop();
    }
    process.stdout.write(
      `${requests} GETs at 50 connections${pinned ? ', the suite and its PostgreSQL on core 0, the load on core 1' : ' (not pinned)'}; suite: ${[suiteNodeOptions(), ...nodeArgs].join(' ')}\n`,
    );
    for (let run = 1; run <= runs; run++) {
      const m = await measure(dataDir, credential, run);
      process.stdout.write(
        `run ${m.run}: ${m.ok} 2xx (${m.other} other) at ${m.perSecond}/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms; after the load: Node ${m.nodeRssMb} MB (peak ${m.nodePeakMb}) + PostgreSQL ${m.postgresMb} MB (${m.postgresProcesses} processes) = ${m.totalMb} MB; ` +
          `during it: ${m.gc.scavenges} scavenges (${m.gc.scavengeMs} ms of pause, the longest ${m.gc.longestScavengeMs} ms), ${m.gc.markCompacts.length} full collections (${m.gc.markCompactMs} ms of pause${m.gc.markCompacts.length ? `; heap MB before→after: ${m.gc.markCompacts.join(', ')}` : ''})\n`,
      );
    }
    process.stdout.write(`${os.cpus().length} × ${os.cpus()[0].model.trim()}, load average ${os.loadavg()[0].toFixed(2)}\n`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
