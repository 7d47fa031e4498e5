import { randomUUID } from 'node:crypto';
import { JobQueue } from '@platform/data';
import { PayModule } from '../../apps/pay/src/pay.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { eventually, sleep } from '@test/support/http';
import { Developer, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

/**
 * Webhook delivery when things break: two replicas, a replica that dies mid-delivery, a receiver
 * down for the whole retry window, an endpoint that keeps failing. Receivers are real HTTP
 * servers on loopback; every delivery's signature is checked with standardwebhooks.
 */
describe('webhooks under faults', () => {
  let stack: TestStack;
  let pay: RunningApp;
  const replicas: RunningApp[] = [];
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    stack = await TestStack.start({
      env: {
        WEBHOOK_RETRY_SCHEDULE: '0s,200ms,200ms,200ms',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
        WEBHOOK_TIMEOUT_MS: '4000',
        JOB_VISIBILITY_TIMEOUT_MS: '1500',
      },
    });
    pay = await stack.startApp(PayModule, 'pay');
    for (let i = 0; i < 2; i++) replicas.push(await stack.startApp(UtilitiesModule, 'utilities', { PAY_URL: pay.url }));
  });
  afterAll(async () => {
    await stack.stop();
    for (const receiver of receivers) await receiver.close();
  });

  async function receiver(): Promise<WebhookReceiver> {
    const started = await WebhookReceiver.start();
    receivers.push(started);
    return started;
  }

  async function endpoint(dev: Developer, to: WebhookReceiver, body: Record<string, unknown> = {}): Promise<string> {
    const created = await dev.call(replicas[0], 'POST', '/api/v1/app/webhooks/endpoints', { body: { url: to.url, eventTypes: ['wallet.credited'], ...body } });
    expect(created.status).toBe(201);
    to.secrets.push(created.body.data.secret);
    return created.body.data.id;
  }

  async function credits(dev: Developer, count: number): Promise<void> {
    const wallet = (await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Float', currency: 'XAF' } })).body.data.id;
    for (let i = 0; i < count; i++) {
      const credited = await dev.call(pay, 'POST', `/api/v1/pay/wallets/${wallet}/credits`, {
        body: { amount: 100 + i, currency: 'XAF' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(credited.status).toBe(201);
    }
  }

  it('two replicas deliver each event once', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    await endpoint(dev, to);
    await credits(dev, 20);
    await eventually(() => to.received.length >= 20, 20_000, 'twenty deliveries');
    await sleep(1000);
    expect(to.received).toHaveLength(20);
    expect(new Set(to.received.map((hook) => hook.id)).size).toBe(20);
    expect(to.received.every((hook) => hook.verified)).toBe(true);
    expect(to.received.map((hook) => hook.event.data.amount).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
  });

  it('a replica that hangs mid-delivery (its runner stops beating): another delivers the event again with the same webhook-id', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    to.answers.push({ status: 200, hang: true });
    await endpoint(dev, to);
    await credits(dev, 1);
    const [first] = await eventually(() => to.received.length === 1 && to.received, 15_000, 'the first attempt');
    // whichever replica holds the job stops beating, as a dead process would; a new one takes over
    for (const replica of replicas) await replica.app.get(JobQueue).ownRunner!.silence();
    replicas.push(await stack.startApp(UtilitiesModule, 'utilities', { PAY_URL: pay.url }));
    const again = await eventually(() => to.received.length >= 2 && to.received[1], 20_000, 'the delivery again');
    expect(again.id).toBe(first.id);
    expect(again.body).toBe(first.body);
    expect(again.verified).toBe(true);
  });

  it('a receiver down for the whole retry window loses nothing: its failed deliveries are recovered once it is back', async () => {
    const dev = await stack.developer();
    const to = await receiver();
    const id = await endpoint(dev, to);
    const url = to.url;
    await to.close();
    await credits(dev, 5);
    const live = replicas[replicas.length - 1];
    await eventually(
      async () => {
        const failed = await dev.call(live, 'GET', `/api/v1/app/webhooks/endpoints/${id}/deliveries?status=failed`);
        return failed.body.data.total === 5;
      },
      20_000,
      'five failed deliveries',
    );
    const back = await WebhookReceiver.start('/hooks', Number(new URL(url).port));
    receivers.push(back);
    back.secrets.push(...to.secrets);
    const recovered = await dev.call(live, 'POST', `/api/v1/app/webhooks/endpoints/${id}/recover`, {
      body: { since: new Date(Date.now() - 600_000).toISOString() },
    });
    expect(recovered.body.data).toEqual({ recovered: 5, complete: true });
    await eventually(() => back.received.length === 5, 15_000, 'the five events');
    expect(back.received.every((hook) => hook.verified)).toBe(true);
    const events = await dev.call(live, 'GET', '/api/v1/app/events?type=wallet.credited');
    expect(new Set(back.received.map((hook) => hook.id))).toEqual(new Set(events.body.data.items.map((event: { id: string }) => event.id)));
  });

  it('disables an endpoint that has failed for WEBHOOK_DISABLE_AFTER_MS straight', async () => {
    for (const replica of replicas.splice(0)) await replica.close();
    const live = await stack.startApp(UtilitiesModule, 'utilities', {
      PAY_URL: pay.url,
      WEBHOOK_DISABLE_AFTER_MS: '1000',
      WEBHOOK_RETRY_SCHEDULE: '0s,400ms,400ms,400ms,400ms,400ms,400ms,400ms',
    });
    replicas.push(live);
    const dev = await stack.developer();
    const to = await receiver();
    to.fallback = { status: 502 };
    const id = await endpoint(dev, to);
    await credits(dev, 1);
    const disabled = await eventually(
      async () => {
        const got = await dev.call(live, 'GET', `/api/v1/app/webhooks/endpoints/${id}`);
        return got.body.data.status === 'disabled' && got.body.data;
      },
      20_000,
      'the endpoint disabled',
    );
    expect(disabled.disabledReason).toBe('failing');
    // the first failure started the clock: disabled at the first attempt a second or more after it
    // (how many came before depends on how soon each retry was picked up: within the runner's 1 s poll)
    const times = to.received.map((hook) => hook.receivedAt - to.received[0].receivedAt);
    const last = times[times.length - 1];
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(last).toBeGreaterThanOrEqual(1000 - 100);
    for (const earlier of times.slice(0, -1)) expect(earlier).toBeLessThan(1000 + 100);
    const seen = to.received.length;
    await sleep(1500);
    expect(to.received).toHaveLength(seen);
  });
});
