'use strict';
/** What the bench scripts share: an HTTP call, a free port, a pause, the suite's Node options and /proc readings. */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const round = (value, digits = 2) => (value === null || value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One request: `{ status, body (parsed JSON, if any), text }`; a string body is sent as it is, any other as JSON. */
async function call(base, method, urlPath, { headers = {}, body, timeoutMs = 15_000 } = {}) {
  const response = await fetch(base + urlPath, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, body: json, text };
}

/** The Node options `npm start` runs the one-machine suite with (package.json's `start` script). */
function suiteNodeOptions() {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const match = / node ((?:--\S+ )*)dist\/suite\/main\.js/.exec(start);
  if (!match) throw new Error(`package.json's start script does not run dist/suite/main.js with node: ${start}`);
  return match[1].trim();
}

/** Every process id in /proc. */
function processIds() {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** A process's name, parent, and CPU ticks: its own, and those of its children that ended. */
function readStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    return { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** The memory fields of /proc/<pid>/status in MB (VmHWM, RssAnon, RssFile…); empty when unreadable. */
function memoryStatusMb(pid) {
  try {
    const fields = {};
    for (const [, name, kb] of fs.readFileSync(`/proc/${pid}/status`, 'utf8').matchAll(/^(\w+):\s+(\d+) kB$/gm)) fields[name] = Number(kb) / 1024;
    return fields;
  } catch {
    return {};
  }
}

/** The fields of /proc/<pid>/smaps_rollup in kB (Pss_Anon, Pss_Shmem…); empty when unreadable. */
function smapsRollupKb(pid) {
  try {
    return Object.fromEntries(
      [...fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').matchAll(/^(\w+):\s+(\d+) kB$/gm)].map(([, name, kb]) => [name, Number(kb)]),
    );
  } catch {
    return {};
  }
}

/**
 * What the suite's own PostgreSQL holds in memory, each page once: its shared memory (shared
 * buffers, WAL buffers, lock tables: Pss_Shmem, summed over every process of the server, so
 * counted once however many map it), the anonymous memory of the postmaster, its background
 * processes and the suite's backends (Pss_Anon: their private memory, and what they still share
 * with the postmaster once), and its binary's and libraries' pages as the process that touched
 * most of them holds them (RssFile). The backends of `notSuite` (the limit's pool, the bench's
 * own connection) are not the suite's: their private memory is left out.
 */
function ownPostgresMemory(postmasterPid, notSuite = new Set()) {
  let shmemKb = 0;
  let anonKb = 0;
  let fileKb = 0;
  let processes = 0;
  for (const pid of processIds()) {
    if (pid !== postmasterPid && readStat(pid)?.ppid !== postmasterPid) continue;
    const rollup = smapsRollupKb(pid);
    shmemKb += rollup.Pss_Shmem ?? 0;
    if (notSuite.has(pid)) continue;
    processes++;
    anonKb += rollup.Pss_Anon ?? 0;
    fileKb = Math.max(fileKb, (memoryStatusMb(pid).RssFile ?? 0) * 1024);
  }
  return {
    mb: round((shmemKb + anonKb + fileKb) / 1024, 1),
    shmemMb: round(shmemKb / 1024, 1),
    anonMb: round(anonKb / 1024, 1),
    fileMb: round(fileKb / 1024, 1),
    processes,
  };
}

module.exports = { call, freePort, memoryStatusMb, ownPostgresMemory, processIds, readStat, round, sleep, suiteNodeOptions };
