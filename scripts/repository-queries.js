#!/usr/bin/env node
// Writes the SQL of every repository beside it: for `apps/<app>/src/**/<feature>.repository.ts`,
// `<feature>.queries.sql`, the statements each method runs with the arguments its @QuerySample
// decorators name, in the order it runs them, with their placeholders ($1, …) and never their
// values. A reviewer reads there the SQL a change produces. See docs/repositories.md.
//
//   npm run queries               writes the files (and says which methods have no sample)
//   npm run queries -- --check    writes nothing; exits 1 naming each file that is not what its
//                                 repository runs, and each method without a sample
//
// It makes a database of its own on TEST_POSTGRES_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres, as the tests), migrates each app's schema as the
// app does at start, builds each repository on it, and calls each sample in a transaction it
// rolls back; every table of the app is emptied after each call, so that each sample sees an empty database
// and a file reads the same on every run. `test/pipeline/repository-queries.e2e-spec.ts` runs the check.
'use strict';
const { randomBytes } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, writeFileSync, rmSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const ROOT = join(__dirname, '..');
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMMAND = 'npm run queries';
/** How long one sample may run: a method that waits on the pool while its transaction holds the only connection never ends. */
const SAMPLE_TIMEOUT_MS = 10_000;

/** Every `*.repository.ts` under `apps/<app>/src`, sorted; `*.queries.sql` with `ending` instead. */
function filesEndingWith(ending) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(ending)) found.push(path);
    }
  };
  for (const app of readdirSync(join(ROOT, 'apps')).sort()) {
    const src = join(ROOT, 'apps', app, 'src');
    if (existsSync(src)) walk(src);
  }
  return found;
}

const repositoryFiles = () => filesEndingWith('.repository.ts');
const queriesFileOf = (repositoryFile) => repositoryFile.replace(/\.repository\.ts$/, '.queries.sql');
const appOf = (file) => relative(join(ROOT, 'apps'), file).split(sep)[0];
const shown = (file) => relative(ROOT, file).split(sep).join('/');

// ---- SQL as the files show it -------------------------------------------------------------

/** Words that start a line, longest first; a phrase is matched whole. */
const CLAUSES = [
  'CROSS JOIN LATERAL',
  'DO UPDATE SET',
  'DELETE FROM',
  'INSERT INTO',
  'ON CONFLICT',
  'INNER JOIN',
  'CROSS JOIN',
  'LEFT JOIN',
  'UNION ALL',
  'GROUP BY',
  'ORDER BY',
  'FOR UPDATE',
  'RETURNING',
  'SELECT',
  'VALUES',
  'UPDATE',
  'HAVING',
  'OFFSET',
  'WHERE',
  'UNION',
  'LIMIT',
  'FROM',
  'JOIN',
  'SET',
];
/** Clauses whose top-level commas start a line (a list of columns or assignments). */
const LISTS = new Set(['SELECT', 'SET', 'DO UPDATE SET']);

/** The length of a quoted string or identifier starting at `i` (its quote doubled inside it). */
function quotedLength(sql, i) {
  const quote = sql[i];
  let j = i + 1;
  while (j < sql.length) {
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) j += 2;
      else return j + 1 - i;
    } else j++;
  }
  return sql.length - i;
}

const isWordChar = (c) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

/**
 * One statement laid out to be read: each clause on a line of its own, indented by the depth of
 * its subquery, and a SELECT's (or SET's) list one item a line. Only whitespace changes, outside
 * quotes; clauses inside a function's parentheses (`string_agg(… ORDER BY …)`) stay where they are.
 */
function formatSql(sql) {
  let out = '';
  let space = false;
  // per open parenthesis: whether it holds a query (a SELECT or WITH right after it), and the clause it is in
  const levels = [{ query: true, clause: null }];
  const top = () => levels[levels.length - 1];
  const indent = () => '  '.repeat(levels.filter((level) => level.query).length - 1);
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (/\s/.test(c)) {
      space = out.length > 0;
      i++;
      continue;
    }
    if (out.endsWith('(') && /^(SELECT|WITH)\b/.test(sql.slice(i, i + 7))) top().query = true;
    const clause = top().query && !isWordChar(sql[i - 1]) ? CLAUSES.find((word) => sql.startsWith(word, i) && !isWordChar(sql[i + word.length])) : undefined;
    if (clause) {
      out += out.length ? `\n${indent()}${clause}` : clause;
      top().clause = clause;
      space = true;
      i += clause.length;
      continue;
    }
    if (space && c !== ')' && c !== ',' && !out.endsWith('(')) out += ' ';
    space = false;
    if (c === "'" || c === '"') {
      const length = quotedLength(sql, i);
      out += sql.slice(i, i + length);
      i += length;
    } else if (c === '(') {
      levels.push({ query: false, clause: null });
      out += c;
      i++;
    } else if (c === ')') {
      const closed = levels.length > 1 ? levels.pop() : { query: false };
      out += closed.query ? `\n${indent()})` : ')';
      i++;
    } else if (c === ',' && top().query && LISTS.has(top().clause)) {
      out += `,\n${indent()}  `;
      i++;
      while (/\s/.test(sql[i] ?? '')) i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * What tells two statements apart for the plan tests: the text without whitespace outside
 * quotes, with every placeholder alike, a list of placeholders as one, LIMIT without its number
 * and no OFFSET (the query builder writes them in the text, and leaves out an offset of 0).
 */
function statementKey(sql) {
  let key = '';
  for (let i = 0; i < sql.length;) {
    if (sql[i] === "'" || sql[i] === '"') {
      const length = quotedLength(sql, i);
      key += sql.slice(i, i + length);
      i += length;
    } else {
      if (!/\s/.test(sql[i])) key += sql[i];
      i++;
    }
  }
  return key
    .replace(/;$/, '')
    .replace(/\$\d+/g, '$')
    .replace(/\(\$(,\$)+\)/g, '($)')
    .replace(/LIMIT\d+/g, 'LIMIT#')
    .replace(/OFFSET\d+/g, '');
}

// ---- the files --------------------------------------------------------------------------------

const header = (repositoryFile) =>
  `-- The SQL of ${shown(repositoryFile)}, one block per @QuerySample, in the order it runs.\n` +
  `-- Written by \`${COMMAND}\` (scripts/repository-queries.js): do not edit.\n`;

function fileText(repositoryFile, blocks) {
  return `${header(repositoryFile)}${blocks.map(({ label, statements }) => `\n-- ${label}\n${statements.map((sql) => `${formatSql(sql)};`).join('\n')}\n`).join('')}`;
}

/** The blocks of a `.queries.sql`: each sample's label and statements. */
function readQueriesFile(text) {
  const blocks = [];
  for (const chunk of text.split(/\n(?=-- [A-Za-z]+\.[A-Za-z]+)/).slice(1)) {
    const [first, ...rest] = chunk.split('\n');
    const statements = rest
      .join('\n')
      .split(/;\n/)
      .map((sql) => sql.trim())
      .filter(Boolean);
    blocks.push({ label: first.slice(3), statements });
  }
  return blocks;
}

let committed;

/**
 * The samples whose committed SQL holds this statement (`JournalRepository.listEntriesPage (by
 * account)`, …), read from every `.queries.sql`: how a plan test names the repository method
 * whose statement it checks. Empty for a statement no sample runs (a shape to add a sample for).
 */
function queryNames(sql) {
  if (!committed) {
    committed = new Map();
    for (const file of filesEndingWith('.queries.sql')) {
      for (const { label, statements } of readQueriesFile(readFileSync(file, 'utf8'))) {
        for (const statement of statements) {
          const key = statementKey(statement);
          committed.set(key, [...(committed.get(key) ?? []), label]);
        }
      }
    }
  }
  return committed.get(statementKey(sql)) ?? [];
}

// ---- running the samples ----------------------------------------------------------------------

/** Lets node require the TypeScript sources (as the tests' ts-jest does), the `@platform/*` libraries included. */
function registerTypeScript() {
  const Module = require('node:module');
  const ts = require('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    esModuleInterop: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    resolveJsonModule: true,
  };
  require.extensions['.ts'] = (module, filename) =>
    module._compile(ts.transpileModule(readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions }).outputText, filename);
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    const library = /^@platform\/(contracts|pipeline|data|devtools)(\/.*)?$/.exec(request);
    if (library) request = join(ROOT, 'libs', library[1], 'src', library[2] ?? '');
    return resolve.call(this, request, ...rest);
  };
}

/** The statements every pg client sends while `work` runs, in the order they are sent. */
async function capture(work) {
  const { Client } = require('pg');
  const statements = [];
  const original = Client.prototype.query;
  Client.prototype.query = function (first, ...rest) {
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string') statements.push(text);
    return original.call(this, first, ...rest);
  };
  try {
    await work();
  } finally {
    Client.prototype.query = original;
  }
  return statements;
}

function withTimeout(promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`did not finish in ${SAMPLE_TIMEOUT_MS / 1000} s (does it use the pool while its transaction holds the only connection?)`)),
      SAMPLE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The names of a function's parameters, as its source declares them. */
function parameterNames(method) {
  const source = Function.prototype.toString.call(method);
  const list = /^[^(]*\(([^)]*)\)/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((parameter) => parameter.trim().split(/[\s=:]/)[0])
    .filter(Boolean);
}

/**
 * A method whose reads or writes span every company says so in its name; every other one takes the tenant first. A
 * person's rows that exist before and beside any organization (auth's accounts, sessions, sign-ups) take the person
 * (`userId`, or `email` before the account exists); found by a link's token, or spanning everyone's, AcrossAccounts.
 */
const TENANTS = ['companyId', 'organizationId', 'userId', 'email'];
const ACROSS_COMPANIES = /Across(Companies|Accounts)$/;

/** The migrated data source of an app's schema in `url`'s database, with one connection (statements run in the order they are sent). */
async function openAppDataSource(app, url) {
  const { buildDataSourceOptions, openDataSource } = require('@platform/data');
  const exported = (file, suffix) => {
    const module = require(join(ROOT, 'apps', app, 'src', file));
    const name = Object.keys(module).find((key) => key.endsWith(suffix));
    if (!name) throw new Error(`apps/${app}/src/${file} exports no ${suffix}`);
    return module[name];
  };
  const env = { DATABASE_URL: url, DATABASE_POOL_SIZE: 1, DATABASE_IDLE_TIMEOUT_MS: 1000 };
  const options = buildDataSourceOptions(env, {
    service: app,
    entities: exported('entities.ts', '_ENTITIES'),
    migrations: exported('migrations/index.ts', '_MIGRATIONS'),
  });
  return openDataSource(options);
}

/** Runs one repository file's samples: its blocks, and what is wrong with its methods. */
async function runRepositoryFile(file, dataSource, emptyTables) {
  const { Test } = require('@nestjs/testing');
  const { getDataSourceToken } = require('@nestjs/typeorm');
  const { querySamplesOf, isSampleTransaction } = require('@platform/data');
  const classes = Object.values(require(file)).filter((value) => typeof value === 'function' && /Repository$/.test(value.name));
  const problems = [];
  const blocks = [];
  if (!classes.length) problems.push(`${shown(file)} exports no class named …Repository`);
  const moduleRef = await Test.createTestingModule({ providers: [{ provide: getDataSourceToken(), useValue: dataSource }, ...classes] }).compile();
  try {
    for (const Repository of classes) {
      const instance = moduleRef.get(Repository);
      const prototype = Repository.prototype;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
        if (name === 'constructor' || typeof descriptor.value !== 'function') continue;
        const method = `${Repository.name}.${name}`;
        if (!ACROSS_COMPANIES.test(name) && !TENANTS.includes(parameterNames(descriptor.value)[0])) {
          problems.push(
            `${method} does not take the tenant (${TENANTS.join(' or ')}) as its first parameter (a method that spans companies ends in AcrossCompanies, one that spans accounts in AcrossAccounts)`,
          );
        }
        const samples = querySamplesOf(descriptor.value);
        if (!samples.length) problems.push(`${method} has no @QuerySample: its SQL is missing from ${shown(queriesFileOf(file))}`);
        for (const sample of samples) {
          const label = sample.name ? `${method} (${sample.name})` : method;
          const runner = dataSource.createQueryRunner();
          const inTransaction = sample.params.some(isSampleTransaction);
          try {
            if (inTransaction) await runner.startTransaction();
            const params = sample.params.map((param) => (isSampleTransaction(param) ? runner.manager : param));
            const statements = await capture(() => withTimeout(descriptor.value.apply(instance, params)));
            if (statements.length) blocks.push({ label, statements });
            else problems.push(`${label} ran no SQL: give it a sample that does`);
          } catch (error) {
            problems.push(`${label} failed: ${error.message}`);
          } finally {
            if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
            await runner.release();
            await dataSource.query(emptyTables);
          }
        }
      }
    }
  } finally {
    await moduleRef.close();
  }
  return { text: fileText(file, blocks), problems };
}

/**
 * Every repository's `.queries.sql` as its samples write it now (by path), and what keeps a file
 * from saying every query: methods without a sample, methods that do not take the tenant first,
 * samples that fail or run nothing.
 */
async function generateQueries({ postgresUrl = POSTGRES_URL } = {}) {
  require('reflect-metadata');
  const { Client } = require('pg');
  const database = `platform_queries_${randomBytes(6).toString('hex')}`;
  const admin = async (sql) => {
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const files = new Map();
  const problems = [];
  const byApp = new Map();
  for (const file of repositoryFiles()) byApp.set(appOf(file), [...(byApp.get(appOf(file)) ?? []), file]);
  await admin(`CREATE DATABASE ${database}`);
  try {
    const url = postgresUrl.replace(/\/[^/]*$/, `/${database}`);
    for (const [app, appFiles] of byApp) {
      const dataSource = await openAppDataSource(app, url);
      try {
        const tables = dataSource.entityMetadatas.map((metadata) => `"${metadata.schema}"."${metadata.tableName}"`);
        // DELETE rather than TRUNCATE: on a few rows it costs no new files
        const emptyTables = tables.map((table) => `DELETE FROM ${table}`).join('; ');
        for (const file of appFiles) {
          const result = await runRepositoryFile(file, dataSource, emptyTables);
          files.set(queriesFileOf(file), result.text);
          problems.push(...result.problems);
        }
      } finally {
        await dataSource.destroy();
      }
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  return { files, problems };
}

/** The committed files that are not what `generated` holds: changed, missing, or left by a repository that is gone. */
function staleFiles(generated) {
  const stale = [];
  for (const [file, text] of generated) {
    if (!existsSync(file)) stale.push(`${shown(file)} is missing`);
    else if (readFileSync(file, 'utf8') !== text) stale.push(`${shown(file)} is not what ${shown(file.replace(/\.queries\.sql$/, '.repository.ts'))} runs`);
  }
  for (const file of filesEndingWith('.queries.sql')) if (!generated.has(file)) stale.push(`${shown(file)} has no repository beside it`);
  return stale;
}

async function main(args) {
  const check = args.includes('--check');
  const { files, problems } = await generateQueries();
  const stale = staleFiles(files);
  if (!check) {
    for (const [file, text] of files) if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    for (const file of filesEndingWith('.queries.sql')) if (!files.has(file)) rmSync(file);
    process.stdout.write(`${files.size} file(s) of queries; ${stale.length ? `rewrote ${stale.length}` : 'none changed'}\n`);
  } else {
    for (const line of stale) process.stderr.write(`${line}: run ${COMMAND}\n`);
  }
  for (const line of problems) process.stderr.write(`${line}\n`);
  return problems.length || (check && stale.length) ? 1 : 0;
}

module.exports = { COMMAND, generateQueries, staleFiles, queryNames, statementKey, formatSql };

if (require.main === module) {
  registerTypeScript();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
