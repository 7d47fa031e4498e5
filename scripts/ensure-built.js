#!/usr/bin/env node
// Builds when dist/ is missing or older than any source file, so `npm start` and the CLI work
// on a fresh clone and after a pull. Build output goes to stderr: stdout stays the command's own.
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-complete');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'test' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    // sources, the JSON they import (the event catalogue's schemas), and the dashboard's page, styles and icon
    else if (/\.(ts|tsx|json|css|html|svg)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

let builtAt = 0;
try {
  builtAt = statSync(stamp).mtimeMs;
} catch {}
const sources = Math.max(
  ...['apps', 'libs', 'suite', 'dashboard'].map((dir) => newestSource(join(root, dir))),
  statSync(join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt < sources) {
  process.stderr.write('Building the suite…\n');
  require('./build.js');
}
