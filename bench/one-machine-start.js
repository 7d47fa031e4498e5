#!/usr/bin/env node
'use strict';
/**
 * How long `npm start` takes to answer, on its own PostgreSQL: the first start on an empty
 * DATA_DIR (the cluster created by initdb), and later starts on the same DATA_DIR. Times run from
 * the spawn of the built suite (`dist/suite/main.js`, as `npm start` runs it) to its
 * "listening" line, after which every service answers.
 *
 *   node bench/one-machine-start.js [--runs N]     (default 3 of each)
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { freePort } = require('./support');

const ROOT = path.join(__dirname, '..');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

async function timeStart(dataDir) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const suite = spawn(process.execPath, ['--max-semi-space-size=16', '--v8-pool-size=1', 'dist/suite/main.js'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const ms = await new Promise((resolve, reject) => {
    suite.stderr.on('data', (chunk) => {
      output += chunk;
      if (output.includes('listening on')) resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
    suite.once('exit', () => reject(new Error(`the suite exited: ${output}`)));
  });
  await new Promise((resolve) => {
    suite.removeAllListeners('exit');
    suite.once('exit', resolve);
    suite.kill('SIGINT');
  });
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'suite', 'main.js'))) throw new Error('build first: node scripts/ensure-built.js');
  const first = [];
  const later = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-start-'));
    try {
      first.push(await timeStart(dataDir));
      for (let again = 0; again < 2; again++) later.push(await timeStart(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const load = os.loadavg()[0].toFixed(2);
  const show = (values) => `median ${(median(values) / 1000).toFixed(2)} s (${values.map((ms) => (ms / 1000).toFixed(2)).join(', ')})`;
  process.stdout.write(
    `first start (initdb, migrations): ${show(first)}\nlater starts: ${show(later)}\n${os.cpus().length} × ${os.cpus()[0].model.trim()}, load average ${load}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
