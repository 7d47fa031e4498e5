#!/usr/bin/env node
'use strict';
/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by owner (a package in
 * node_modules, the suite's own code by app or library, Node's internals, GC, idle) and the
 * functions with the most self time. Idle time is reported apart and left out of the shares.
 *
 *   node bench/profile-summary.js /tmp/prof/CPU.*.cpuprofile [--top 30] [--skip 3]
 *
 * `--skip S` leaves out the first S seconds of the profile (the service's start-up, module
 * loading and compiling), so that the shares are those of the load.
 */
const fs = require('node:fs');
const path = require('node:path');

function owner(url, functionName) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native (program)';
    return 'native';
  }
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = /dist\/(apps\/[^/]+|libs\/common|suite)\//.exec(url);
  if (dist) return `suite ${dist[1]}`;
  return path.basename(url);
}

function frameName({ callFrame }) {
  const who = owner(callFrame.url, callFrame.functionName);
  return `${callFrame.functionName || '(anonymous)'} ${who}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
}

/** Samples under each function, each sample counted once however deep the function recurses. */
function inclusiveTime(profile, byId) {
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackNames = new Map();
  const namesOf = (id) => {
    let names = stackNames.get(id);
    if (names) return names;
    const node = byId.get(id);
    const up = parent.has(id) ? namesOf(parent.get(id)) : new Set();
    names = new Set(up);
    if (node.callFrame.url) names.add(frameName(node));
    stackNames.set(id, names);
    return names;
  };
  const totals = new Map();
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    for (const name of namesOf(id)) totals.set(name, (totals.get(name) ?? 0) + 1);
  }
  return totals;
}

/** The profile without the samples of its first `skipMs` milliseconds. */
function skipStart(profile, skipMs) {
  if (!skipMs) return profile;
  const samples = [];
  const timeDeltas = [];
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] / 1000;
    if (at < skipMs) continue;
    samples.push(profile.samples[i]);
    timeDeltas.push(profile.timeDeltas[i]);
  }
  return { ...profile, samples, timeDeltas };
}

function summarize(profile, top) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfSamples = new Map();
  for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byOwner = new Map();
  const byFunction = new Map();
  let idle = 0;
  for (const [id, count] of selfSamples) {
    const { callFrame } = byId.get(id);
    const who = owner(callFrame.url, callFrame.functionName);
    if (who === 'idle') {
      idle += count;
      continue;
    }
    byOwner.set(who, (byOwner.get(who) ?? 0) + count);
    const name = frameName({ callFrame });
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  const busy = total - idle;
  const pct = (n) => `${((n / busy) * 100).toFixed(1).padStart(5)}%`;
  const lines = [`${total} samples, ${((idle / total) * 100).toFixed(1)}% idle; shares below are of the ${busy} busy samples`, '', 'self time by owner:'];
  for (const [who, n] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(n)}  ${who}`);
  lines.push('', 'self time by function:');
  for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(n)}  ${name}`);
  lines.push('', 'inclusive time by function (the function or anything it called):');
  for (const [name, n] of [...inclusiveTime(profile, byId)].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(n)}  ${name}`);
  return lines.join('\n');
}

function main(argv) {
  const files = [];
  let top = 25;
  let skipMs = 0;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--top') top = Number(argv[++i]) || top;
    else if (argv[i] === '--skip') skipMs = (Number(argv[++i]) || 0) * 1000;
    else files.push(argv[i]);
  }
  if (!files.length) {
    process.stderr.write('usage: node bench/profile-summary.js <file.cpuprofile>... [--top N] [--skip S]\n');
    process.exit(2);
  }
  for (const file of files) {
    process.stdout.write(`== ${file}\n${summarize(skipStart(JSON.parse(fs.readFileSync(file, 'utf8')), skipMs), top)}\n\n`);
  }
}

main(process.argv.slice(2));
