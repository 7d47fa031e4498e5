#!/usr/bin/env node
// Each patch of libs/pipeline/src/library-internals against the library's public path, in one
// process, in alternating blocks: CPU µs per operation (median of the blocks), and for the
// deferred date formatter the RSS of fresh processes. What each patch gains by itself, on a machine
// whose mood makes `npm run bench` ratios move more than some of these gains; after a dependency
// upgrade, whether a patch is still worth its contract test.
//
//   node scripts/ensure-built.js && node bench/library-internals.js [--rounds 7] [--only fast-path,access-line,…]
//
// Needs dist/ (the compiled suite) and, for the pool, PostgreSQL (BENCH_POSTGRES_URL,
// TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/postgres; nothing is created in it).
require('reflect-metadata');
const { spawnSync } = require('node:child_process');
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const dist = (path) => join(root, 'dist', path);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const ROUNDS = Number(option('rounds', 7));
const ONLY = option('only', '').split(',').filter(Boolean);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Runs `ours` and `theirs` (each `count` operations, sync or async) in alternating blocks; CPU µs per operation of each. */
async function compare(name, count, ours, theirs) {
  const timings = { ours: [], theirs: [] };
  await ours(count);
  await theirs(count);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? ['theirs', 'ours'] : ['ours', 'theirs']) {
      const started = cpuMicros();
      await (side === 'ours' ? ours : theirs)(count);
      timings[side].push((cpuMicros() - started) / count);
    }
  }
  const o = median(timings.ours);
  const t = median(timings.theirs);
  console.log(`| ${name} | ${t.toFixed(2)} | ${o.toFixed(2)} | ${(((t - o) / t) * 100).toFixed(0)}% |`);
}

/** Every DTO of every app, so that class-validator's storage holds as many classes as a service's does. */
function loadAllDtos() {
  const apps = dist('apps');
  for (const path of readdirSync(apps, { recursive: true })) {
    if (/[\\/]dto[\\/][^\\/]+\.js$/.test(path)) require(join(apps, path));
  }
}

const scenarios = {
  async 'fast-path'() {
    const { ValidationPipe } = require('@nestjs/common');
    const { createValidationPipe, VALIDATION_PIPE_OPTIONS } = require(dist('libs/pipeline/src/http/validation.js'));
    const { UpdatePreferenceDto } = require(dist('apps/utilities/src/notifications/dto/update-preference.dto.js'));
    const fast = createValidationPipe();
    const usual = new ValidationPipe(VALIDATION_PIPE_OPTIONS);
    const metadata = { type: 'body', metatype: UpdatePreferenceDto, data: '' };
    const run = (pipe) => async (count) => {
      for (let i = 0; i < count; i++) await pipe.transform({ category: 'approval', sms: i % 2 === 0 }, metadata);
    };
    await compare('validation-fast-path: a preference PATCH body', 10_000, run(fast), run(usual));
  },

  async 'access-line'() {
    const pino = require('pino');
    const { platformLoggerOptions } = require(dist('libs/pipeline/src/logging/platform-logger.js'));
    const { accessLogWriter } = require(dist('libs/pipeline/src/library-internals/pino-access-line.js'));
    // a destination that keeps nothing, marked as the platform's buffered one is
    const sink = { [pino.symbols.needsMetadataGsym]: true, lastLevel: 0, write: () => true };
    const logger = pino(platformLoggerOptions('info', 'utilities'), sink);
    const route = '/api/v1/app/notifications/preferences';
    const write = accessLogWriter(logger, route);
    const entry = (i) => ({
      reqId: `5b0e5b3c-8f44-4bb4-9a8e-2f9a2d3c${String(i % 10000).padStart(4, '0')}`,
      method: 'GET',
      url: route,
      statusCode: 200,
      responseTimeMs: 1.3,
    });
    await compare(
      'pino-access-line: one access-log line',
      50_000,
      (count) => {
        for (let i = 0; i < count; i++) write('info', entry(i));
      },
      (count) => {
        for (let i = 0; i < count; i++) {
          const e = entry(i);
          logger.info({ reqId: e.reqId, method: e.method, url: e.url, route, statusCode: e.statusCode, responseTimeMs: e.responseTimeMs }, 'request completed');
        }
      },
    );
  },

  async histogram() {
    const { Histogram, Registry } = require('prom-client');
    const { DurationHistogram } = require(dist('libs/pipeline/src/library-internals/prom-client-histogram.js'));
    const buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
    const labelNames = ['service', 'method', 'route', 'status'];
    const theirs = new Histogram({ name: 'theirs', help: 'h', labelNames, buckets, registers: [new Registry()] });
    const ours = new DurationHistogram('ours', 'h', labelNames, buckets);
    // as bootstrap's recorder finds a route's series: by method and status
    const series = new Map();
    const labels = (status) => ({ service: 'utilities', method: 'GET', route: '/api/v1/app/notifications/preferences', status });
    await compare(
      'prom-client-histogram: one observation',
      200_000,
      (count) => {
        for (let i = 0; i < count; i++) {
          const status = i % 50 ? 200 : 404;
          const key = 'GET' + status;
          let own = series.get(key);
          if (!own) series.set(key, (own = ours.series(labels(String(status)))));
          own.observe(0.0013);
        }
      },
      (count) => {
        for (let i = 0; i < count; i++) theirs.observe(labels(String(i % 50 ? 200 : 404)), 0.0013);
      },
    );
  },

  async pool() {
    const { DataSource } = require('typeorm');
    const { PreparedStatement } = require(dist('libs/data/src/database/prepared.js'));
    const url = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const dataSource = await new DataSource({ type: 'postgres', url, extra: { max: 1 } }).initialize();
    try {
      const text = 'SELECT $1::int AS n, $2::text AS label, now() AS at';
      const statement = new PreparedStatement(text);
      await compare(
        'typeorm-pool: one statement (CPU of this process, round trip included)',
        1_000,
        async (count) => {
          for (let i = 0; i < count; i++) await statement.run(dataSource, [i, 'x']);
        },
        async (count) => {
          for (let i = 0; i < count; i++) await dataSource.query(text, [i, 'x']);
        },
      );
    } finally {
      await dataSource.destroy();
    }
  },

  async 'pdfkit-fonts'() {
    const PDFDocument = require('pdfkit');
    const { useStandardFonts } = require(dist('libs/pipeline/src/library-internals/pdfkit-standard-fonts.js'));
    // a payslip's worth of text in both fonts, one document per operation
    const page = (shared) => {
      const doc = new PDFDocument({ size: 'A4', font: shared ? '' : undefined });
      if (shared) useStandardFonts(doc);
      doc.on('data', () => undefined);
      for (let i = 0; i < 40; i++)
        doc
          .font(i % 4 ? 'Helvetica' : 'Helvetica-Bold')
          .fontSize(9)
          .text(`Ligne ${i}: salaire de base 445 261 FCFA`, { width: 240 });
      doc.end();
    };
    const run = (shared) => async (count) => {
      for (let i = 0; i < count; i++) page(shared);
    };
    await compare('pdfkit-fonts: one PDF page of text in Helvetica and Helvetica-Bold', 200, run(true), run(false));
  },

  async 'deferred-intl'() {
    const rss = (deferred) => {
      const load = deferred
        ? `require(${JSON.stringify(dist('libs/pipeline/src/library-internals/deferred-intl.js'))}).withDeferredDateTimeFormat(() => require('@nestjs/common'))`
        : `require('@nestjs/common')`;
      const result = spawnSync(process.execPath, ['-e', `${load}; console.log(process.memoryUsage().rss)`], { cwd: root, encoding: 'utf8' });
      return Number(result.stdout.trim()) / 1024 / 1024;
    };
    const with_ = [];
    const without = [];
    for (let round = 0; round < ROUNDS; round++) {
      with_.push(rss(true));
      without.push(rss(false));
    }
    const o = median(with_);
    const t = median(without);
    console.log(`| deferred-intl: RSS after loading @nestjs/common (MB, not µs) | ${t.toFixed(1)} | ${o.toFixed(1)} | ${(((t - o) / t) * 100).toFixed(0)}% |`);
  },
};

(async () => {
  loadAllDtos();
  console.log(`${ROUNDS} alternating blocks each; Node ${process.version}\n`);
  console.log('| patch: operation | public path, µs CPU | patched, µs CPU | saved |');
  console.log('|---|---|---|---|');
  for (const [name, scenario] of Object.entries(scenarios)) {
    if (ONLY.length && !ONLY.includes(name)) continue;
    await scenario();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
