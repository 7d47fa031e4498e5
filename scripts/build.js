#!/usr/bin/env node
// Compiles every app, the shared libraries and the one-machine suite in one tsc pass, rewrites the
// @platform/<lib> aliases, writes the entry points `dist/apps/<app>/main.js`, and bundles the
// developer dashboard (dashboard/) into `dist/dashboard` (scripts/build-dashboard.js).
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { buildDashboard } = require('./build-dashboard');

const root = join(__dirname, '..');
const APPS = ['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'];
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });

rmSync(join(root, 'dist'), { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
try {
  run(bin('tsc'), ['-p', 'tsconfig.build.json']);
  run(bin('tsc-alias'), ['-p', 'tsconfig.build.json']);
  buildDashboard();
} catch (error) {
  // tsc and esbuild have said what failed; anything else says it here
  if (error.status === undefined && !error.errors) process.stderr.write(`${error.stack ?? error}\n`);
  process.stderr.write('Build failed.\n');
  process.exit(1);
}
for (const app of APPS) {
  const dir = join(root, 'dist', 'apps', app);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.js'), "require('./src/main.js');\n");
}
writeFileSync(join(root, 'dist', 'apps', 'auth', 'cli.js'), "require('./src/cli.js');\n");
writeFileSync(join(root, 'dist', '.build-complete'), new Date().toISOString() + '\n');
