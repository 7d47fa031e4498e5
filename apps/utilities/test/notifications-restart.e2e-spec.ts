import { UtilitiesModule } from '../src/utilities.module';
import { RunningApp, TestStack } from '@test/support/stack';
import { eventually, TestProviderServer } from './channel-servers';

const NOTIFICATIONS = '/api/v1/app/notifications';

/** Instances sharing one database: what one leaves pending the next sends; replicas never send twice. */
describe('notification deliveries across instances', () => {
  let stack: TestStack;
  let provider: TestProviderServer;

  beforeAll(async () => {
    stack = await TestStack.start();
    provider = await TestProviderServer.start();
  });
  afterAll(async () => {
    await stack.stop();
    await provider.stop();
  });

  it('deliveries pending when the app stops are sent by a new instance on the same database', async () => {
    const settings = { NOTIFICATION_MAX_ATTEMPTS: '10', NOTIFICATION_RETRY_BASE_MS: '200' };
    // The first instance's SMS provider is unreachable: the delivery stays pending, retried with backoff.
    const first: RunningApp = await stack.startApp(UtilitiesModule, 'utilities', { ...settings, SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms' });
    const dev = await stack.developer();
    await dev.call(first, 'PATCH', `${NOTIFICATIONS}/preferences`, { body: { category: 'calendar', sms: true } });
    const sent = await dev.call(first, 'POST', NOTIFICATIONS, {
      body: { category: 'calendar', title: 'Meeting', body: 'At 10.', recipients: ['+237677999999'], channels: ['sms'] },
    });
    expect(sent.status).toBe(202);
    const id = sent.body.data.id;
    await eventually(
      async () => (await dev.call(first, 'GET', `${NOTIFICATIONS}/${id}`)).body.data.deliveries[0].attempts.length >= 1,
      5000,
      'a failed attempt',
    );
    await first.close();

    const second = await stack.startApp(UtilitiesModule, 'utilities', { ...settings, SMS_PROVIDER_URL: `${provider.url}/sms` });
    const stopped = (await dev.call(second, 'GET', `${NOTIFICATIONS}/${id}`)).body.data.deliveries[0];
    expect(stopped.attempts[0]).toMatchObject({ outcome: 'failed', provider: 'http' });

    const delivered = await eventually(
      async () => {
        const delivery = (await dev.call(second, 'GET', `${NOTIFICATIONS}/${id}`)).body.data.deliveries[0];
        return delivery.status === 'sent' && delivery;
      },
      10_000,
      'the delivery to be sent by the new instance',
    );
    expect(delivered.attempts.at(-1)).toMatchObject({ outcome: 'sent', error: null });
    expect(delivered.attempts.slice(0, -1).every((a: { outcome: string }) => a.outcome === 'failed')).toBe(true);
    expect(provider.received('/sms', '+237677999999')).toHaveLength(1);
    await second.close();
  });

  it('two replicas on one database send each delivery exactly once', async () => {
    const settings = { SMS_PROVIDER_URL: `${provider.url}/replicas` };
    const [a, b] = [await stack.startApp(UtilitiesModule, 'utilities', settings), await stack.startApp(UtilitiesModule, 'utilities', settings)];
    try {
      const dev = await stack.developer();
      await dev.call(a, 'PATCH', `${NOTIFICATIONS}/preferences`, { body: { category: 'due', sms: true } });
      const phones = Array.from({ length: 60 }, (_, i) => `+2376990${String(i).padStart(5, '0')}`);
      const batches = [phones.slice(0, 30), phones.slice(30)];
      const sent = await Promise.all(
        batches.map((recipients, i) =>
          dev.call(i ? b : a, 'POST', NOTIFICATIONS, { body: { category: 'due', title: 'Due', body: 'b', recipients, channels: ['sms'] } }),
        ),
      );
      expect(sent.map((s) => s.status)).toEqual([202, 202]);
      await eventually(() => provider.received('/replicas').length >= phones.length, 10_000, 'every SMS');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const received = provider.received('/replicas').map((r) => r.body.to as string);
      expect(received.sort()).toEqual([...phones].sort());
      for (const { body } of sent) {
        const deliveries = (await dev.call(a, 'GET', `${NOTIFICATIONS}/${body.data.id}`)).body.data.deliveries;
        expect(deliveries.every((d: { status: string; attempts: unknown[] }) => d.status === 'sent' && d.attempts.length === 1)).toBe(true);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
