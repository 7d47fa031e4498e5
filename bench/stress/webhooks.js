'use strict';
/**
 * Stress scenario 10: webhook fan-out. Pay records EVENTS `wallet.credited` events (one credit
 * each, over HTTP); two utilities replicas gather them from pay's feed and deliver each to three
 * endpoints, receivers in this process on loopback that answer 200 at once. Measures deliveries
 * per second in all and per replica (from each replica's jobs_total), the latency from the
 * event's commit (`occurredAt`) to its receipt, p50 and p99, and how the job table and the
 * deliveries table grew.
 */
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');

const EVENTS = 10_000;
const SMOKE_EVENTS = 200;
const RECEIVERS = 3;
const REPLICAS = 2;
const CONCURRENCY = 16;
/** How long the deliveries may take once every event is recorded; what is missing then is reported. */
const DELIVERY_TIMEOUT_MS = 300_000;
const PROGRESS_MS = 15_000;
const SAMPLE_MS = 500;

/** A receiver that answers 200 and notes, per event id, when each delivery arrived. */
function receiver() {
  const seen = new Map();
  let requests = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests++;
      const at = Date.now();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (!seen.has(event.id)) seen.set(event.id, at - Date.parse(event.occurredAt));
      } catch {}
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, seen, requests: () => requests, url: `http://127.0.0.1:${server.address().port}/hooks` })),
  );
}

async function send(url, method, path, headers, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, body: json ?? text };
}

/** Deliveries the replica made (attempts the receiver took), from its metrics. */
async function succeededDeliveries(url) {
  const response = await fetch(`${url}/api/v1/app/metrics`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const match = /^webhook_attempts_total\{outcome="delivered"\} (\d+)/m.exec(text);
  return match ? Number(match[1]) : 0;
}

module.exports = {
  id: 'webhooks',
  number: 10,
  title: 'Webhook fan-out: events from pay delivered by two utilities replicas to three receivers',
  measures: `deliveries per second (in all and per replica), latency from an event's commit to its receipt (p50, p99), job and delivery rows, for ${EVENTS.toLocaleString('en-US')} events × ${RECEIVERS} endpoints`,
  app: 'pay',
  // recording 10,000 events over HTTP (about 3 minutes on a 2-core machine) and then their deliveries
  budgetSeconds: (options) => (options.smoke ? 120 : 240 + DELIVERY_TIMEOUT_MS / 1000 + 60),

  async run(ctx) {
    const events = ctx.smoke ? SMOKE_EVENTS : EVENTS;
    let errors = 0;
    const replicas = [];
    for (let i = 0; i < REPLICAS; i++) replicas.push(await ctx.startApp('utilities', { PAY_URL: ctx.url, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' }));
    const receivers = await Promise.all(Array.from({ length: RECEIVERS }, receiver));
    const db = new Client({ connectionString: ctx.databaseUrl });
    // the run's database is dropped at the end, perhaps while this client is still open
    db.on('error', () => undefined);
    await db.connect();
    try {
      for (const to of receivers) {
        const created = await send(replicas[0].url, 'POST', '/api/v1/app/webhooks/endpoints', ctx.headers, { url: to.url, eventTypes: ['wallet.credited'] });
        if (created.status !== 201) throw new Error(`endpoint not created: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
      }
      const wallet = await ctx.call('POST', '/api/v1/pay/wallets', { body: { name: 'Webhook bench', currency: 'XAF' } });
      if (wallet.status !== 201) throw new Error(`wallet not created: ${wallet.status}`);
      const walletId = wallet.body.data.id;
      const before = await Promise.all(replicas.map((replica) => succeededDeliveries(replica.url)));

      // the job table and the deliveries, sampled while the events go through
      const samples = [];
      let sampling = true;
      const sample = async () =>
        samples.push(
          (
            await db.query(
              `SELECT (SELECT count(*)::int FROM graphile_worker._private_jobs) AS jobs, (SELECT count(*)::int FROM utilities.webhook_deliveries) AS deliveries`,
            )
          ).rows[0],
        );
      const sampler = (async () => {
        while (sampling) {
          await sample();
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        }
      })();

      ctx.log(`recording ${events} events (wallet credits, ${CONCURRENCY} at a time)`);
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < events) {
            next++;
            const credited = await ctx.call('POST', `/api/v1/pay/wallets/${walletId}/credits`, {
              body: { amount: 100, currency: 'XAF' },
              headers: { 'idempotency-key': `bench-${next}-${Math.random()}` },
            });
            if (credited.status !== 201) errors++;
          }
        }),
      );
      const recordedSeconds = (performance.now() - started) / 1000;
      ctx.log(`${events} events recorded in ${recordedSeconds.toFixed(1)} s; waiting for ${events * RECEIVERS} deliveries`);
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      let told = performance.now();
      while (receivers.some((to) => to.seen.size < events) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (performance.now() - told >= PROGRESS_MS) {
          told = performance.now();
          ctx.log(
            `${receivers.reduce((sum, to) => sum + to.seen.size, 0)} of ${events * RECEIVERS} deliveries received after ${((told - started) / 1000).toFixed(0)} s`,
          );
        }
      }
      const deliveredSeconds = (performance.now() - started) / 1000;
      sampling = false;
      await sampler;
      // the rows once the last delivery arrived (the deliveries' jobs finish as their receipts come)
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      await sample();
      const after = await Promise.all(replicas.map((replica) => succeededDeliveries(replica.url)));

      const latencies = receivers.flatMap((to) => [...to.seen.values()]).sort((a, b) => a - b);
      const unique = receivers.reduce((sum, to) => sum + to.seen.size, 0);
      const requests = receivers.reduce((sum, to) => sum + to.requests(), 0);
      const missing = events * RECEIVERS - unique;
      errors += missing;
      const perReplica = after.map((count, i) => (count - before[i]) / deliveredSeconds);
      const peakJobs = Math.max(...samples.map((s) => s.jobs));
      const last = samples[samples.length - 1] ?? { jobs: 0, deliveries: 0 };
      const figures = {
        events,
        deliveries: unique,
        duplicates: requests - unique,
        missing,
        'record.perSecond': events / recordedSeconds,
        'deliver.perSecond': unique / deliveredSeconds,
        ...Object.fromEntries(perReplica.map((rate, i) => [`replica${i + 1}.perSecond`, rate])),
        'latency.p50Ms': ctx.percentile(latencies, 50),
        'latency.p99Ms': ctx.percentile(latencies, 99),
        'jobs.peak': peakJobs,
        'jobs.end': last.jobs,
        'deliveryRows.end': last.deliveries,
      };
      const lines = [
        `${events.toLocaleString('en-US')} events recorded in ${recordedSeconds.toFixed(1)} s (${Math.round(figures['record.perSecond'])}/s); ${unique.toLocaleString('en-US')} of ${(events * RECEIVERS).toLocaleString('en-US')} deliveries received within ${deliveredSeconds.toFixed(1)} s of the first event: ${Math.round(figures['deliver.perSecond'])}/s in all, ${perReplica.map((rate, i) => `replica ${i + 1} ${Math.round(rate)}/s`).join(', ')}; ${requests - unique} duplicate(s), ${missing} missing`,
        `latency from commit to receipt: p50 ${Math.round(figures['latency.p50Ms'])} ms, p99 ${Math.round(figures['latency.p99Ms'])} ms`,
        `job table: at most ${peakJobs.toLocaleString('en-US')} rows while delivering, ${last.jobs.toLocaleString('en-US')} at the end; ${last.deliveries.toLocaleString('en-US')} delivery rows (kept 30 days)`,
      ];
      const targets = [{ label: `every event reached each of the ${RECEIVERS} receivers`, met: missing === 0 }];
      return {
        figures,
        lines,
        targets,
        errors,
        load: { rps: Math.round(figures['deliver.perSecond']), p50Ms: figures['latency.p50Ms'], p99Ms: figures['latency.p99Ms'] },
      };
    } finally {
      await db.end();
      for (const to of receivers) to.server.close();
    }
  },
};
