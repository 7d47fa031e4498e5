import { UtilitiesModule } from '../src/utilities.module';
import { eventually, sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

const TESTS = 3;
const RETRIES = 2;
const RECOVERS = 2;
const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();

/** Seconds left in the UTC day: when a day's limit starts again. */
const secondsToUtcMidnight = () => (86_400_000 - (Date.now() % 86_400_000)) / 1000;

/**
 * What a caller asks of an endpoint by hand (a test event, a retry, a recovery) is limited per
 * endpoint and UTC day, and every attempt a retry or recovery asks for counts as a webhook retry
 * of the organization, as the automatic ones do: failed deliveries cannot be turned into free
 * outbound requests.
 */
describe('webhook test, retry and recover: limited per endpoint and day, metered as retries', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    stack = await TestStack.start({
      env: {
        WEBHOOK_TEST_CALLS_PER_DAY: String(TESTS),
        WEBHOOK_RETRY_CALLS_PER_DAY: String(RETRIES),
        WEBHOOK_RECOVER_CALLS_PER_DAY: String(RECOVERS),
        WEBHOOK_RETRY_SCHEDULE: '0s',
      },
    });
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
  });
  afterAll(async () => {
    await stack.stop();
    for (const receiver of receivers) await receiver.close();
  });

  async function endpoint(dev: Developer): Promise<{ id: string; receiver: WebhookReceiver }> {
    const receiver = await WebhookReceiver.start();
    receivers.push(receiver);
    const created = await dev.call(utilities, 'POST', '/api/v1/app/webhooks/endpoints', { body: { url: receiver.url } });
    expect(created.status).toBe(201);
    receiver.secrets.push(created.body.data.secret);
    return { id: created.body.data.id, receiver };
  }

  const test = (dev: Developer, endpointId: string) => dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${endpointId}/test`);
  const retry = (dev: Developer, deliveryId: string) => dev.call(utilities, 'POST', `/api/v1/app/webhooks/deliveries/${deliveryId}/retry`);
  const recover = (dev: Developer, endpointId: string) =>
    dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${endpointId}/recover`, { body: { since: HOUR_AGO() } });
  const delivery = async (dev: Developer, id: string) => (await dev.call(utilities, 'GET', `/api/v1/app/webhooks/deliveries/${id}`)).body.data;

  function expectDayLimit(refused: Awaited<ReturnType<typeof test>>): void {
    expectError(refused, 429, 'RATE_LIMIT_EXCEEDED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThan(60);
    expect(refused.body.details).toEqual({ retryAfterSeconds: retryAfter });
  }

  it(`sends ${TESTS} test events a day to an endpoint, then answers 429 with Retry-After until the UTC day ends; another endpoint keeps its own`, async () => {
    const dev = await stack.developer();
    const [first, second] = [await endpoint(dev), await endpoint(dev)];
    for (let i = 0; i < TESTS; i++) expect((await test(dev, first.id)).status).toBe(202);
    const refused = await test(dev, first.id);
    expectDayLimit(refused);
    expect(refused.body.message).toBe(`Too many requests. Retry after ${refused.headers.get('retry-after')} seconds.`);
    expect((await test(dev, second.id)).status).toBe(202);

    await eventually(() => first.receiver.received.length === TESTS, 15_000, 'the tests admitted');
    await sleep(500);
    expect(first.receiver.received).toHaveLength(TESTS);
    expectError(await test(dev, '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b'), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  });

  it(`retries an endpoint’s deliveries ${RETRIES} times a day, then answers 429; another endpoint’s deliveries keep their own`, async () => {
    const dev = await stack.developer();
    const [first, second] = [await endpoint(dev), await endpoint(dev)];
    const one = (await test(dev, first.id)).body.data.id;
    const other = (await test(dev, second.id)).body.data.id;
    for (let i = 0; i < RETRIES; i++) expect((await retry(dev, one)).status).toBe(202);
    expectDayLimit(await retry(dev, one));
    expect((await retry(dev, other)).status).toBe(202);
    // a stranger's retry of the delivery is unknown, whatever the day's count
    expectError(await retry(await stack.developer(), other), 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
  });

  it(`recovers an endpoint’s failed deliveries ${RECOVERS} times a day, then answers 429`, async () => {
    const dev = await stack.developer();
    const { id } = await endpoint(dev);
    for (let i = 0; i < RECOVERS; i++) expect((await recover(dev, id)).status).toBe(202);
    expectDayLimit(await recover(dev, id));
    const french = await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${id}/recover`, {
      body: { since: HOUR_AGO() },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.status).toBe(429);
    expect(french.body.message).toContain(french.headers.get('retry-after')!);
  });

  it('counts each attempt a recovery or a retry asks for as a webhook retry, the first attempt of a delivery too', async () => {
    const dev = await stack.developer();
    const { id, receiver } = await endpoint(dev);
    // test events sent while the endpoint is disabled fail without any attempt
    expect((await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${id}/disable`)).status).toBe(200);
    const [recovered, retried] = [(await test(dev, id)).body.data.id, (await test(dev, id)).body.data.id];
    for (const failed of [recovered, retried]) {
      await eventually(async () => (await delivery(dev, failed)).status === 'failed', 15_000, 'the delivery failed unattempted');
      expect((await delivery(dev, failed)).attempts).toBe(0);
    }
    expect((await dev.call(utilities, 'POST', `/api/v1/app/webhooks/endpoints/${id}/enable`)).status).toBe(200);

    expect((await recover(dev, id)).body.data).toEqual({ recovered: 2, complete: true });
    await eventually(
      async () => (await delivery(dev, recovered)).status === 'succeeded' && (await delivery(dev, retried)).status === 'succeeded',
      15_000,
      'the recovered deliveries',
    );
    expect((await retry(dev, retried)).status).toBe(202);
    await eventually(() => receiver.received.length === 3, 15_000, 'the retried delivery');
    const retries = await eventually(
      async () => {
        const usage = (await dev.call(stack.auth, 'GET', '/api/v1/authorize/usage')).body.data.webhookRetries;
        return usage.used === 3 && usage;
      },
      10_000,
      'three retries counted',
    );
    expect(retries).toMatchObject({ used: 3 });
  });
});
