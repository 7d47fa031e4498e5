'use strict';
/**
 * Stress scenarios of `npm run bench`: each starts the real service and reports what hostile or
 * heavy work does to it, with no bare-Fastify pair. One module a scenario, `bench/stress/<id>.js`:
 *
 *   module.exports = {
 *     id, number, title, measures,
 *     app,               // the service run (dist/apps/<app>/main.js); auth runs throughout
 *     budgetSeconds?(options), // seconds it may take, when more than the default 12 × --duration + 90
 *     async run(ctx) {   // → { figures: { name: number }, lines: [text], targets: [{ label, met }],
 *                        //     load?: { connections, rps, p50Ms, p99Ms } (the normal load meanwhile: the
 *                        //     scenario's row in the main table), errors?: unexpected answers (fail the run) }
 *     },
 *   };
 *
 * ctx: url and pid of the service; credential ({ apiKey, apiSecret }), token and headers (the three
 * auth headers); call(method, path, { headers, body, timeoutMs }) → { status, body, ms }, with the
 * auth headers under `headers`, a string body sent as it is and any other as JSON; runLoad
 * (run.js's autocannon helper: { url, connections, duration, request } → { result, sorted }),
 * summarize(run, seconds) → { rps, p50Ms, p99Ms, statusCodes, … } and percentile(sorted, p);
 * log(message); smoke (tiny sizes, a few seconds in all); seconds (the measurement length);
 * startApp(app, env) → { url, pid, stop() }; databaseUrl (the services' PostgreSQL, for readings). The runner adds the CPU each party used meanwhile.
 */
const fs = require('node:fs');
const path = require('node:path');

/** Every stress scenario, by id; a module not there is skipped with a note. */
const IDS = ['hostile-bodies', 'render-liveness', 'webhooks'];

function scenarios(log) {
  const found = [];
  for (const id of IDS) {
    const file = path.join(__dirname, `${id}.js`);
    if (fs.existsSync(file)) found.push({ ...require(file), stress: true });
    else log(`stress scenario ${id}: ${path.relative(process.cwd(), file)} is not there, skipped`);
  }
  return found;
}

/** Seconds a stress scenario may take, for the run's watchdog: its phases, service starts and requests that overrun. */
const budgetSeconds = (selected, options) =>
  selected.filter((s) => s.stress).reduce((sum, s) => sum + (s.budgetSeconds ? s.budgetSeconds(options) : 12 * options.duration + 90), 0);

/**
 * Runs one stress scenario: its service (and any other it starts) for the scenario alone, a
 * fresh token; returns its summary in the shape of the report's scenarios, so that the main
 * table shows its normal load's figures, errors and peak RSS.
 */
async function run(scenario, bench) {
  const { options, credential } = bench;
  const server = await bench.startProcess({
    name: `${scenario.app}-${scenario.id}`,
    script: bench.script(scenario.app),
    env: {},
    cpu: bench.pinning.server,
    nodeArgs: options.nodeArgs,
  });
  const others = [];
  const cpuSoFar = bench.cpu(server.pid);
  try {
    const token = await bench.exchange(credential);
    const headers = { authorization: `Bearer ${token}`, 'x-platform-api-key': credential.apiKey, 'x-platform-client-id': 'platform-developer' };
    const ctx = {
      url: server.url,
      pid: server.pid,
      credential,
      token,
      headers,
      call: async (method, urlPath, request = {}) => {
        const started = performance.now();
        const response = await bench.call(server.url, method, urlPath, { timeoutMs: 60_000, ...request, headers: { ...headers, ...request.headers } });
        return { status: response.status, body: response.body ?? response.text, ms: performance.now() - started };
      },
      runLoad: bench.runLoad,
      summarize: bench.summarize,
      percentile: bench.percentile,
      log: (message) => bench.log(`${scenario.number}. ${scenario.id}: ${message}`),
      smoke: options.smoke,
      seconds: options.duration,
      databaseUrl: bench.databaseUrl,
      startApp: async (app, env = {}) => {
        const proc = await bench.startProcess({
          name: `${app}-${scenario.id}-${others.length + 1}`,
          script: bench.script(app),
          env,
          cpu: bench.pinning.helpers,
        });
        others.push(proc);
        return { url: proc.url, pid: proc.pid, stop: () => bench.stopProcess(proc) };
      },
    };
    const result = await scenario.run(ctx);
    const cpuPercent = cpuSoFar();
    const targets = result.targets.map((t) => ({ target: t.label, met: !!t.met }));
    const load = { rps: null, p50Ms: null, p99Ms: null, ...result.load };
    const peakRssMb = bench.peakRssMb(server.pid);
    return {
      id: scenario.id,
      number: scenario.number,
      title: scenario.title,
      measures: scenario.measures,
      server: scenario.app,
      stress: true,
      connections: load.connections ?? '—',
      rps: load.rps,
      p50Ms: load.p50Ms,
      p99Ms: load.p99Ms,
      errors: result.errors ?? 0,
      peakRssMb,
      limitRps: null,
      limitP99Ms: null,
      ratio: null,
      figures: result.figures,
      lines: [
        ...result.lines,
        `CPU over the whole scenario, % of one core: the service ${cpuPercent.server}%, PostgreSQL ${cpuPercent.postgres}%, Redis ${cpuPercent.redis}%, anything else on the machine ${cpuPercent.other ?? '—'}%`,
      ],
      targets,
      met: targets.every((t) => t.met),
      // one round, so that the report's CPU and rounds tables, and its note on a busy machine, take it in
      cpuPercent: { suite: cpuPercent, limit: null },
      rounds: [{ round: 1, suite: { rps: load.rps, p50Ms: load.p50Ms, p99Ms: load.p99Ms, peakRssMb, cpuPercent } }],
    };
  } finally {
    for (const proc of others) await bench.stopProcess(proc);
    await bench.stopProcess(server);
  }
}

/** The stress scenarios' own lines, for the printed summary, the Markdown report and the README's latest figures. */
function sections(report) {
  const ran = report.scenarios.filter((s) => s.stress && !s.failed);
  if (!ran.length) return [];
  return [
    '## Stress scenarios',
    '',
    ...ran.flatMap((s) => [`${s.number}. ${s.id} (${s.server}): ${s.measures}`, '', ...s.lines.map((line) => `- ${line}`), '']),
  ];
}

module.exports = { scenarios, budgetSeconds, run, sections };
