import { DataSource } from 'typeorm';
import { UtilitiesModule } from '../src/utilities.module';
import { ENDPOINT_PARALLELISM } from '../src/webhooks/deliveries/webhook-deliveries.service';
import { eventually } from '@test/support/http';
import { Developer, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

const BACKLOG = 3000;
/** Far above what a free worker takes (tens of milliseconds), far below the slow receiver's hold. */
const FRESH_DELIVERY_BOUND_MS = 8000;
const SLOW_RECEIVER_HOLD_MS = 30_000;
const COMPANY_CONCURRENCY = 4;

/**
 * Deliveries share the job runner's workers between companies: one company's backlog to a
 * receiver that holds every request cannot take them all, so another company's fresh delivery
 * goes out at once instead of waiting for the slow receiver.
 */
describe('webhook deliveries: one company’s backlog never holds another’s', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    stack = await TestStack.start({
      env: {
        WEBHOOK_TIMEOUT_MS: String(SLOW_RECEIVER_HOLD_MS),
        WEBHOOK_RETRY_SCHEDULE: '0s,1h',
        WEBHOOK_DELIVERY_COMPANY_CONCURRENCY: String(COMPANY_CONCURRENCY),
      },
    });
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
  });
  afterAll(async () => {
    // the held requests end first, so the runner's jobs finish before the app closes
    for (const receiver of receivers) await receiver.close();
    await stack.stop();
  });

  async function endpointTo(dev: Developer, receiver: WebhookReceiver): Promise<string> {
    const created = await dev.call(utilities, 'POST', '/api/v1/app/webhooks/endpoints', { body: { url: receiver.url } });
    expect(created.status).toBe(201);
    receiver.secrets.push(created.body.data.secret);
    return created.body.data.id;
  }

  it(`delivers a company’s test event within ${FRESH_DELIVERY_BOUND_MS} ms while another’s ${BACKLOG} recovered deliveries wait on a receiver that answers none`, async () => {
    const busy = await stack.developer();
    const slow = await WebhookReceiver.start('/slow');
    receivers.push(slow);
    slow.fallback = { status: 200, hang: true };
    const slowEndpoint = await endpointTo(busy, slow);
    // the busy company's history: deliveries that failed while its receiver was away
    await utilities.app.get(DataSource).query(
      `INSERT INTO utilities.webhook_deliveries (endpoint_id, company_id, event_id, event_type, payload, status, attempts, created_at)
       SELECT $1, $2, id, 'wallet.credited', json_build_object('id', id, 'type', 'wallet.credited', 'occurredAt', now(), 'companyId', $2::uuid, 'data', '{}'::json, 'version', 1)::text, 'failed', 1, now() - interval '1 hour'
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $3)) events`,
      [slowEndpoint, busy.organizationId, BACKLOG],
    );
    const recovered = await busy.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${slowEndpoint}/recover`, {
      body: { since: new Date(Date.now() - 2 * 3_600_000).toISOString() },
    });
    expect(recovered.status).toBe(202);
    expect(recovered.body.data).toEqual({ recovered: BACKLOG, complete: true });
    // the busy company's deliveries have reached the slow receiver and are held there
    await eventually(() => slow.received.length >= 2, 15_000, 'the backlog under way');

    const other = await stack.developer();
    const fast = await WebhookReceiver.start('/fast');
    receivers.push(fast);
    const fastEndpoint = await endpointTo(other, fast);
    const sentAt = Date.now();
    expect((await other.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${fastEndpoint}/test`)).status).toBe(202);
    const [hook] = await eventually(() => fast.received.length > 0 && fast.received, SLOW_RECEIVER_HOLD_MS, 'the other company’s test event');
    const latencyMs = hook.receivedAt - sentAt;
    expect(hook.verified).toBe(true);
    expect(latencyMs).toBeLessThan(FRESH_DELIVERY_BOUND_MS);
    // the busy company never had more of its deliveries under way than its share of jobs allows
    expect(slow.received.length).toBeLessThanOrEqual(COMPANY_CONCURRENCY * ENDPOINT_PARALLELISM);
  });
});
