import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { serviceMetricsRegistry } from '@platform/pipeline';
import { PayModule } from '../../apps/pay/src/pay.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { WebhookDeliveries } from '../../apps/utilities/src/webhooks/deliveries/webhook-deliveries.service';
import { TestSmtpServer } from '../../apps/utilities/test/channel-servers';
import { eventually, sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

/**
 * Webhooks end to end: a change in pay becomes an event in pay's outbox, utilities gathers it,
 * fans it out to the company's endpoints and delivers it to real HTTP receivers on loopback,
 * signed in the Standard Webhooks format (verified with the standardwebhooks library).
 */
describe('webhooks: events delivered signed, retried, metered, replayable', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let utilities: RunningApp;
  let smtp: TestSmtpServer;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    stack = await TestStack.start({
      env: { WEBHOOK_RETRY_SCHEDULE: '0s,300ms,300ms,300ms', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', SMTP_URL: smtp.url },
    });
    pay = await stack.startApp(PayModule, 'pay');
    utilities = await stack.startApp(UtilitiesModule, 'utilities', { PAY_URL: pay.url });
  });
  afterAll(async () => {
    await stack.stop();
    for (const receiver of receivers) await receiver.close();
    await smtp.stop();
  });

  async function receiver(): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  }

  async function endpoint(dev: Developer, to: WebhookReceiver, body: Record<string, unknown> = {}) {
    const created = await dev.call(utilities, 'POST', '/api/v1/app/webhooks/endpoints', { body: { url: to.url, ...body } });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    to.secrets.push(created.body.data.secret);
    return created.body.data as { id: string; secret: string };
  }

  /** A wallet credit: one `wallet.credited` event in pay. */
  async function credit(dev: Developer, amount = 1000): Promise<string> {
    const wallet = (await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: `W ${randomUUID().slice(0, 6)}`, currency: 'XAF' } })).body.data.id;
    const credited = await dev.call(pay, 'POST', `/api/v1/pay/wallets/${wallet}/credits`, {
      body: { amount, currency: 'XAF' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credited.status).toBe(201);
    return wallet;
  }

  it('delivers an event of another service, signed, with the event id as webhook-id, and lists it in the events API', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    await endpoint(dev, to, { eventTypes: ['wallet.credited'] });
    const wallet = await credit(dev, 2500);

    const [hook] = await eventually(() => to.ofType('wallet.credited').length > 0 && to.ofType('wallet.credited'), 15_000, 'the delivery');
    expect(hook.verified).toBe(true);
    expect(hook.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(hook.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(hook.event).toMatchObject({ id: hook.id, type: 'wallet.credited', companyId: dev.organizationId, version: 1 });
    expect(hook.event.data).toMatchObject({ walletId: wallet });
    expect(Object.keys(hook.event).sort()).toEqual(['companyId', 'data', 'id', 'occurredAt', 'type', 'version']);

    const events = await dev.call(utilities, 'GET', '/api/v1/app/events?type=wallet.credited');
    expect(events.status).toBe(200);
    expect(events.body.data.items).toEqual([hook.event]);
    expect(events.body.data.hasMore).toBe(false);
    const after = await dev.call(utilities, 'GET', `/api/v1/app/events?after=${events.body.data.nextAfter}`);
    expect(after.body.data).toEqual({ items: [], nextAfter: events.body.data.nextAfter, hasMore: false });

    // another company sees none of it
    const other = await stack.developer();
    expect((await other.call(utilities, 'GET', '/api/v1/app/events')).body.data.items).toEqual([]);
  });

  it('pages the events API with its cursor, oldest first, and filters by type', async () => {
    const dev = await stack.developer();
    for (let i = 0; i < 3; i++) await credit(dev, 100 + i);
    const all = await eventually(
      async () => {
        const page = await dev.call(utilities, 'GET', '/api/v1/app/events?type=wallet.credited&limit=500');
        return page.body.data.items.length === 3 && page.body.data.items;
      },
      15_000,
      'three events gathered',
    );
    const first = await dev.call(utilities, 'GET', '/api/v1/app/events?type=wallet.credited&limit=2');
    expect(first.body.data.items).toEqual(all.slice(0, 2));
    expect(first.body.data.hasMore).toBe(true);
    const second = await dev.call(utilities, 'GET', `/api/v1/app/events?type=wallet.credited&limit=2&after=${first.body.data.nextAfter}`);
    expect(second.body.data.items).toEqual(all.slice(2));
    expect(second.body.data.hasMore).toBe(false);
    expect(all.map((event: { data: { amount: number } }) => event.data.amount)).toEqual([100, 101, 102]);
    expectError(await dev.call(utilities, 'GET', '/api/v1/app/events?type=nothing.happened'), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(utilities, 'GET', '/api/v1/app/events?after=-1'), 400, 'VALIDATION_FAILED');
  });

  it('sends a burst to one endpoint in shared jobs: the delivery that fails is retried alone, every other arrives once', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    to.answers.push({ status: 500, body: 'one bad moment' });
    await endpoint(dev, to, { eventTypes: ['wallet.credited'] });
    const jobsBefore = await deliveryJobsRun();
    // the gathering of events waits while ten happen: they reach the endpoint together
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    try {
      await db.query(`SELECT pg_advisory_lock(hashtext('platform-events-ingest'))`);
      for (let i = 0; i < 10; i++) await credit(dev, 300 + i);
      // every one published in pay's feed before the gathering goes on
      await eventually(
        async () => (await db.query(`SELECT count(*)::int AS n FROM pay.outbox_events WHERE position IS NULL`)).rows[0].n === 0,
        10_000,
        'pay to publish its events',
      );
    } finally {
      await db.query(`SELECT pg_advisory_unlock(hashtext('platform-events-ingest'))`);
      await db.end();
    }

    await eventually(() => new Set(to.received.map((hook) => hook.id)).size === 10 && to.received.length === 11, 15_000, 'ten events, one of them twice');
    await sleep(1000);
    expect(to.received).toHaveLength(11);
    expect(to.received.every((hook) => hook.verified)).toBe(true);
    const perEvent = new Map<string, number>();
    for (const hook of to.received) perEvent.set(hook.id, (perEvent.get(hook.id) ?? 0) + 1);
    expect([...perEvent.values()].sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(to.received.map((hook) => hook.event.data.amount).sort()).toEqual(expect.arrayContaining(Array.from({ length: 10 }, (_, i) => 300 + i)));
    // at most two gatherings took the ten (the one under way when the lock was taken, and the next), a job each, and the retry's own
    expect((await deliveryJobsRun()) - jobsBefore).toBeLessThanOrEqual(3);
    expect(await serviceMetricsRegistry('utilities').getSingleMetricAsString('webhook_attempts_total')).toMatch(
      /webhook_attempts_total\{outcome="failed"\} [1-9]/,
    );
  });

  /** Delivery jobs this process's utilities ran to the end. */
  async function deliveryJobsRun(): Promise<number> {
    const registry = serviceMetricsRegistry('utilities');
    // none yet before the first job
    const text = registry.getSingleMetric('jobs_total') ? await registry.getSingleMetricAsString('jobs_total') : '';
    return Number(/jobs_total\{task="utilities:deliver-webhook",outcome="succeeded"\} (\d+)/.exec(text)?.[1] ?? 0);
  }

  it('retries on the schedule, logs every attempt and meters each from the second as a webhook retry', async () => {
    const dev = await stack.developer({ plan: 'developer-sandbox' });
    const to = await receiver();
    to.answers.push({ status: 500, body: 'down for a moment' }, { status: 503, headers: { 'retry-after': '1' }, body: '' });
    const created = await endpoint(dev, to);
    const test = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body.data).toMatchObject({ endpointId: created.id, eventType: 'webhook_endpoint.test', status: 'pending', attempts: 0 });

    // the sandbox plan admits 5 requests a second: poll gently
    const detail = await eventually(
      async () => {
        await sleep(400);
        const got = await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${test.body.data.id}`);
        return got.body.data.status === 'succeeded' && got.body.data;
      },
      15_000,
      'the delivery to succeed',
    );
    expect(detail.attempts).toBe(3);
    expect(detail.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 200]);
    expect(detail.attemptLog[0].responseBody).toBe('down for a moment');
    expect(detail.event).toMatchObject({ id: detail.eventId, type: 'webhook_endpoint.test', data: { endpointId: created.id } });
    // Retry-After: 1 pushed the third attempt at least a second after the second
    const times = to.of(detail.eventId).map((hook) => hook.receivedAt);
    expect(times).toHaveLength(3);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(950);
    expect(new Set(to.of(detail.eventId).map((hook) => hook.id)).size).toBe(1);
    expect(to.of(detail.eventId).every((hook) => hook.verified)).toBe(true);

    const usage = await eventually(
      async () => {
        await sleep(400);
        const got = await call(dev, '/api/v1/authorize/usage');
        return got.body.data.webhookRetries.used === 2 && got.body.data.webhookRetries;
      },
      5000,
      'two retries counted',
    );
    expect(usage).toEqual({ used: 2, included: 50, overage: 0 });

    const list = await dev.call(utilities, 'GET', `/api/v1/app/webhooks/endpoints/${created.id}/deliveries`);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({
      page: 1,
      total: 1,
      items: [{ id: test.body.data.id, status: 'succeeded', attempts: 3, lastStatusCode: 200, nextAttemptAt: null }],
    });
    const none = await dev.call(utilities, 'GET', `/api/v1/app/webhooks/endpoints/${created.id}/deliveries?status=failed`);
    expect(none.body.data).toMatchObject({ total: 0, items: [] });

    function call(who: Developer, path: string) {
      return who.call(stack.auth, 'GET', path);
    }
  });

  it('fails a delivery once the schedule is spent, then recovers it and retries one now, with the same webhook-id', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    to.fallback = { status: 500 };
    const created = await endpoint(dev, to);
    const test = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`);
    const failed = await eventually(
      async () => {
        const got = await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${test.body.data.id}`);
        return got.body.data.status === 'failed' && got.body.data;
      },
      15_000,
      'the schedule to be spent',
    );
    expect(failed.attempts).toBe(4);
    expect(failed.nextAttemptAt).toBeNull();

    to.fallback = { status: 204 };
    const recovered = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/recover`, {
      body: { since: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(recovered.status).toBe(202);
    expect(recovered.body.data).toEqual({ recovered: 1, complete: true });
    await eventually(
      async () => (await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${test.body.data.id}`)).body.data.status === 'succeeded',
      15_000,
      'the recovered delivery',
    );
    expect(to.of(failed.eventId)).toHaveLength(5);

    const again = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/deliveries/${test.body.data.id}/retry`);
    expect(again.status).toBe(202);
    expect(again.body.data.status).toBe('pending');
    await eventually(() => to.of(failed.eventId).length === 6, 15_000, 'the retried delivery');
    expect(new Set(to.of(failed.eventId).map((hook) => hook.id))).toEqual(new Set([failed.eventId]));

    expectError(
      await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/recover`, { body: { since: '2020-01-01T00:00:00Z' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${randomUUID()}`), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
    expectError(await dev.call(utilities, 'GET', '/api/v1/app/webhooks/deliveries/not-an-id'), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
    const stranger = await stack.developer();
    expectError(await stranger.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${test.body.data.id}`), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
    expectError(await stranger.call(utilities, 'GET', `/api/v1/app/webhooks/endpoints/${created.id}/deliveries`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await stranger.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  });

  it('disables an endpoint that answers 410, records webhook_endpoint.disabled and emails the alert address', async () => {
    const dev = await stack.developer();
    const ops = await stack.person(dev.organizationId, 'developer');
    const to = await receiver();
    to.fallback = { status: 410 };
    const created = await endpoint(dev, to, { alertEmail: ops.email });
    await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`);
    const disabled = await eventually(
      async () => {
        const got = await dev.call(utilities, 'GET', `/api/v1/app/webhooks/endpoints/${created.id}`);
        return got.body.data.status === 'disabled' && got.body.data;
      },
      15_000,
      'the endpoint to be disabled',
    );
    expect(disabled.disabledReason).toBe('gone');
    expect(to.received).toHaveLength(1);

    const event = await eventually(
      async () => {
        const got = await dev.call(utilities, 'GET', '/api/v1/app/events?type=webhook_endpoint.disabled');
        return got.body.data.items[0];
      },
      15_000,
      'the disabled event',
    );
    expect(event.data).toMatchObject({ id: created.id, status: 'disabled', disabledReason: 'gone' });
    const mail = await eventually(() => smtp.mailbox.find((m) => m.to.includes(ops.email)), 15_000, 'the alert email');
    expect(mail.subject).toBe('Webhook endpoint disabled');
    expect(mail.text).toContain(created.id);

    // nothing more reaches it while disabled
    await credit(dev);
    await sleep(1500);
    expect(to.received).toHaveLength(1);
  });

  it('puts back the job of a delivery not yet due when one runs early, instead of dropping it', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    to.answers.push({ status: 503, headers: { 'retry-after': '3600' }, body: '' });
    const created = await endpoint(dev, to);
    const test = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`);
    const id = test.body.data.id;
    await eventually(() => to.received.length === 1, 10_000, 'the first attempt');
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    try {
      const key = `utilities:deliver-webhook:${id}`;
      const waiting = async () => (await db.query(`SELECT run_at FROM graphile_worker.jobs WHERE key = $1`, [key])).rows as Array<{ run_at: Date }>;
      const [retry] = await eventually(async () => (await waiting()).length === 1 && waiting(), 5000, 'the retry job, an hour away');
      const { next_attempt_at: nextAttemptAt } = (await db.query(`SELECT next_attempt_at FROM utilities.webhook_deliveries WHERE id = $1`, [id])).rows[0];
      expect(Math.abs(retry.run_at.getTime() - nextAttemptAt.getTime())).toBeLessThan(1000);
      expect(nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3500_000);

      // the job is gone and the delivery's job runs now, an hour early (as on a database whose clock is ahead)
      await db.query(`SELECT graphile_worker.remove_job($1)`, [key]);
      await utilities.app.get(WebhookDeliveries).attempt([id]);
      expect(to.received).toHaveLength(1);
      const [back] = await waiting();
      expect(Math.abs(back.run_at.getTime() - nextAttemptAt.getTime())).toBeLessThan(1000);
      expect((await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${id}`)).body.data).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await db.end();
    }
  });

  it('stops delivering to an endpoint deleted while its delivery is being retried', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    to.fallback = { status: 500 };
    const created = await endpoint(dev, to);
    await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${created.id}/test`);
    await eventually(() => to.received.length >= 1, 15_000, 'the first attempt');
    expect((await dev.call(utilities, 'DELETE', `/api/v1/app/webhooks/endpoints/${created.id}`)).status).toBe(200);
    const seen = to.received.length;
    await sleep(1500);
    expect(to.received.length).toBeLessThanOrEqual(seen + 1);
    const settled = to.received.length;
    await sleep(1000);
    expect(to.received.length).toBe(settled);
  });

  it('needs webhooks:read to list events', async () => {
    const dev = await stack.developer({ scopes: ['pay:read'] });
    expectError(await dev.call(utilities, 'GET', '/api/v1/app/events'), 403, 'INSUFFICIENT_SCOPE');
  });
});
