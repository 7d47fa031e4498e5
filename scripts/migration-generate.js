#!/usr/bin/env node
// Generates a PostgreSQL migration for one app from the difference between its entities and
// its existing migrations, on a scratch database, then refreshes the app's migration list.
// Compiles only that app and the shared library, so work in progress elsewhere cannot block it.
//   npm run migration:generate -- <app> <PascalName>
const { execFileSync } = require('node:child_process');
const { readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const [app, name] = process.argv.slice(2);
const APPS = ['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'];
if (!APPS.includes(app) || !/^[A-Z][A-Za-z0-9]+$/.test(name ?? '')) {
  process.stderr.write(`usage: npm run migration:generate -- <${APPS.join('|')}> <PascalName>\n`);
  process.exit(2);
}
const root = join(__dirname, '..');
const base = process.env.MIGRATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `platform_migrate_${process.pid}`;
const url = base.replace(/\/[^/]*$/, `/${scratch}`);
// inside the repository, so the compiled data source resolves node_modules
const work = join(root, '.migrate', String(process.pid));
const out = work;
const psql = (sql, db = base) => execFileSync('psql', [db, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'inherit' });
const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' };
const bin = (tool) => join(root, 'node_modules/.bin', tool);
const typeorm = (...args) => execFileSync(bin('typeorm'), args, { cwd: root, env, stdio: 'inherit' });
const dirOf = join(root, 'apps', app, 'src', 'migrations');

function writeIndex() {
  const files = readdirSync(dirOf)
    .filter((f) => /^\d+-[A-Za-z0-9]+\.ts$/.test(f))
    .sort();
  const entries = files.map((f) => ({ file: f.replace(/\.ts$/, ''), cls: f.replace(/^(\d+)-(.*)\.ts$/, '$2$1') }));
  const constant = `${app.toUpperCase()}_MIGRATIONS`;
  // the data library's migrations (the outbox) are every app's too, listed where their timestamps fall
  const dataStamp = Math.max(
    ...readdirSync(join(root, 'libs', 'data', 'src', 'migrations'))
      .map((f) => /^(\d+)-/.exec(f)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  const at = entries.findIndex((e) => Number(/^(\d+)-/.exec(e.file)[1]) > dataStamp);
  const list = entries.map((e) => e.cls);
  list.splice(at < 0 ? list.length : at, 0, '...DATA_MIGRATIONS');
  writeFileSync(
    join(dirOf, 'index.ts'),
    [`import { DATA_MIGRATIONS } from '@platform/data';`, ...entries.map((e) => `import { ${e.cls} } from './${e.file}';`)].join('\n') +
      '\n\n' +
      `export const ${constant}: Function[] = [${list.join(', ')}];\n`,
  );
}

const tsconfig = join(root, `tsconfig.migrate-${process.pid}.json`);
writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: './tsconfig.base.json',
    compilerOptions: { outDir: `.migrate/${process.pid}`, rootDir: '.', types: ['node'] },
    include: [`apps/${app}/src/**/*.ts`, 'libs/*/src/**/*.ts'],
    exclude: ['**/*.spec.ts'],
  }),
);
try {
  execFileSync(bin('tsc'), ['-p', tsconfig], { cwd: root, stdio: 'inherit' });
  execFileSync(bin('tsc-alias'), ['-p', tsconfig], { cwd: root, stdio: 'inherit' });
} finally {
  rmSync(tsconfig, { force: true });
}
psql(`CREATE DATABASE ${scratch}`);
try {
  psql(`CREATE SCHEMA "${app}"`, url);
  const dataSource = join(out, 'apps', app, 'src', 'data-source.js');
  typeorm('migration:run', '-d', dataSource);
  typeorm('migration:generate', '-d', dataSource, '--pretty', join(dirOf, name));
  writeIndex();
  // in the house's format (TypeORM writes its own), so that `npm run lint` holds
  execFileSync(bin('prettier'), ['--write', '--log-level', 'warn', dirOf], { cwd: root, stdio: 'inherit' });
} finally {
  psql(`DROP DATABASE IF EXISTS ${scratch}`);
  rmSync(work, { recursive: true, force: true });
}
