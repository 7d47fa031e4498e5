import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { HrModule } from '../../hr/src/hr.module';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { eventually, TestProviderServer, TestSmtpServer } from './channel-servers';

const NOTIFICATIONS = '/api/v1/app/notifications';
const PREFERENCES = '/api/v1/app/notifications/preferences';
const TOKEN = 'provider-token-123456';

describe('notifications: preferences, channels and background delivery', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let utilities: RunningApp;
  let smtp: TestSmtpServer;
  let provider: TestProviderServer;
  let providerEnv: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    smtp = await TestSmtpServer.start();
    provider = await TestProviderServer.start();
    providerEnv = {
      HR_URL: hr.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Platform <notify@platform.test>',
      SMS_PROVIDER_URL: `${provider.url}/sms`,
      WHATSAPP_PROVIDER_URL: `${provider.url}/whatsapp`,
      PUSH_PROVIDER_URL: `${provider.url}/push`,
      PROVIDER_AUTH_TOKEN: TOKEN,
      NOTIFICATION_RETRY_BASE_MS: '100',
      NOTIFICATION_MAX_ATTEMPTS: '3',
    };
    utilities = await stack.startApp(UtilitiesModule, 'utilities', providerEnv);
  });
  afterAll(async () => {
    await stack.stop();
    await smtp.stop();
    await provider.stop();
  });

  async function hire(dev: Developer, over: Record<string, unknown> = {}): Promise<string> {
    const created = await dev.call(hr, 'POST', '/api/v1/hr/employees', {
      body: {
        externalId: `E-${randomUUID().slice(0, 8)}`,
        firstName: 'Amina',
        lastName: 'Nkemelu',
        email: 'amina@example.cm',
        hireDate: '2024-03-01',
        jobTitle: 'Clerk',
        department: 'Ops',
        status: 'active',
        ...over,
      },
    });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  const send = (dev: Developer, body: Record<string, unknown>, app = utilities) => dev.call(app, 'POST', NOTIFICATIONS, { body });
  const detail = async (dev: Developer, id: string) => (await dev.call(utilities, 'GET', `${NOTIFICATIONS}/${id}`)).body.data;
  const settled = (dev: Developer, id: string, timeoutMs = 10_000) =>
    eventually(
      async () => {
        const notification = await detail(dev, id);
        return notification.deliveries.every((d: { status: string }) => d.status !== 'pending') && notification;
      },
      timeoutMs,
      'deliveries to settle',
    );

  it('follows the stored preferences: channels off are skipped, the rest delivered, and says so per channel', async () => {
    const dev = await stack.developer();
    const amina = await hire(dev, { email: 'amina.n@example.cm', phone: '+237677000001' });
    await dev.call(utilities, 'PATCH', PREFERENCES, { body: { category: 'approval', email: false, sms: true } });

    const sent = await send(dev, {
      category: 'approval',
      title: 'Leave approved',
      body: 'Your leave is approved.',
      recipients: [amina],
      data: { leaveId: 'L-1' },
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ success: true, message: 'Request accepted.' });
    expect(sent.body.data.channels).toEqual({
      inApp: { outcome: 'delivered', recipients: 1 },
      email: { outcome: 'skipped_by_preference', recipients: 0 },
      push: { outcome: 'queued', recipients: 1 },
      sms: { outcome: 'queued', recipients: 1 },
      whatsapp: { outcome: 'skipped_by_preference', recipients: 0 },
    });

    const notification = await settled(dev, sent.body.data.id);
    expect(notification.deliveries.map((d: Record<string, unknown>) => [d.channel, d.recipient, d.status])).toEqual([
      ['push', amina, 'sent'],
      ['sms', '+237677000001', 'sent'],
    ]);
    expect(notification.inboxes).toEqual([{ recipient: amina, readAt: null, archivedAt: null }]);
    expect(smtp.mailbox.filter((mail) => mail.to.includes('amina.n@example.cm'))).toEqual([]);
    expect(provider.received('/whatsapp', '+237677000001')).toEqual([]);

    const [sms] = provider.received('/sms', '+237677000001');
    expect(sms.body).toMatchObject({
      channel: 'sms',
      to: '+237677000001',
      title: 'Leave approved',
      body: 'Your leave is approved.',
      category: 'approval',
      data: { leaveId: 'L-1' },
      notificationId: sent.body.data.id,
    });
    expect(sms.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sms.headers['idempotency-key']).toBe(notification.deliveries[1].id);
    const [push] = provider.received('/push', amina);
    expect(push.body).toMatchObject({ channel: 'push', title: 'Leave approved' });

    const inbox = await dev.call(utilities, 'GET', `${NOTIFICATIONS}?recipient=${amina}`);
    expect(inbox.body.data.items).toMatchObject([
      { id: sent.body.data.id, title: 'Leave approved', read: false, category: 'approval', data: { leaveId: 'L-1' } },
    ]);
  });

  it('sends email over real SMTP: the server’s mailbox holds subject, body and recipient', async () => {
    const dev = await stack.developer();
    const amina = await hire(dev, { email: 'amina.mail@example.cm' });
    const sent = await send(dev, {
      category: 'general',
      title: 'Payslip ready',
      body: 'Your March payslip is ready.\nSee the portal.',
      recipients: [amina, 'Finance@Example.cm'],
      channels: ['email'],
    });
    expect(sent.status).toBe(202);
    expect(sent.body.data.channels.email).toEqual({ outcome: 'queued', recipients: 2 });
    expect(sent.body.data.channels.inApp.outcome).toBe('not_requested');

    await settled(dev, sent.body.data.id);
    const mail = await eventually(() => smtp.mailbox.find((m) => m.to.includes('amina.mail@example.cm')), 5000, 'the email');
    expect(mail).toMatchObject({
      from: 'notify@platform.test',
      to: ['amina.mail@example.cm'],
      subject: 'Payslip ready',
      text: 'Your March payslip is ready.\r\nSee the portal.',
    });
    expect(mail.headers['x-notification-id']).toBe(sent.body.data.id);
    expect(smtp.mailbox.find((m) => m.to.includes('finance@example.cm'))?.subject).toBe('Payslip ready');
  });

  it('retries a failing provider with backoff, every attempt recorded, then sends', async () => {
    const dev = await stack.developer();
    await dev.call(utilities, 'PATCH', PREFERENCES, { body: { category: 'due', whatsapp: true } });
    provider.script.set('/whatsapp', [500, 503]);
    const sent = await send(dev, { category: 'due', title: 'Invoice due', body: 'Invoice 42 is due.', recipients: ['+237699000001'], channels: ['whatsapp'] });
    expect(sent.body.data.channels.whatsapp).toEqual({ outcome: 'queued', recipients: 1 });

    const notification = await settled(dev, sent.body.data.id);
    const [delivery] = notification.deliveries;
    expect(delivery).toMatchObject({ channel: 'whatsapp', recipient: '+237699000001', status: 'sent', lastError: 'provider answered 503' });
    expect(delivery.attempts.map((a: Record<string, unknown>) => [a.outcome, a.provider, a.error])).toEqual([
      ['failed', 'http', 'provider answered 500'],
      ['failed', 'http', 'provider answered 503'],
      ['sent', 'http', null],
    ]);
    const times = delivery.attempts.map((a: { at: string }) => Date.parse(a.at));
    // base 100 ms ±20 %, then doubled
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(80);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(160);
    expect(provider.requests.filter((r) => r.path === '/whatsapp' && r.body.to === '+237699000001').map((r) => r.status)).toEqual([500, 503, 200]);
    expect(new Set(provider.requests.filter((r) => r.body.to === '+237699000001').map((r) => r.headers['idempotency-key']))).toEqual(new Set([delivery.id]));
  });

  it('a provider that always fails: failed after the maximum attempts, the notification kept; a refusal is not retried', async () => {
    const dev = await stack.developer();
    provider.fallback.set('/push', 500);
    try {
      const amina = await hire(dev);
      const sent = await send(dev, { category: 'general', title: 'Down', body: 'Provider is down.', recipients: [amina], channels: ['push', 'inApp'] });
      const notification = await settled(dev, sent.body.data.id);
      expect(notification.deliveries).toMatchObject([{ channel: 'push', status: 'failed', lastError: 'provider answered 500', nextAttemptAt: null }]);
      expect(notification.deliveries[0].attempts).toHaveLength(3);
      expect(notification.title).toBe('Down');
      expect((await dev.call(utilities, 'GET', `${NOTIFICATIONS}?recipient=${amina}`)).body.data.total).toBe(1);
    } finally {
      provider.fallback.delete('/push');
    }

    smtp.rejectNext.push(550);
    const refused = await send(dev, { category: 'general', title: 'Refused', body: 'No such mailbox.', recipients: ['nobody@example.cm'] });
    const notification = await settled(dev, refused.body.data.id);
    expect(notification.deliveries).toMatchObject([{ channel: 'email', status: 'failed' }]);
    expect(notification.deliveries[0].attempts).toHaveLength(1);
    expect(notification.deliveries[0].lastError).toMatch(/^SMTP: .*550/);
  });

  it('no recipients: the company inbox only', async () => {
    const dev = await stack.developer();
    const sent = await send(dev, { category: 'crm', title: 'New lead', body: 'A lead arrived.' });
    expect(sent.body.data.channels).toEqual({
      inApp: { outcome: 'delivered', recipients: 1 },
      email: { outcome: 'not_applicable', recipients: 0 },
      push: { outcome: 'not_applicable', recipients: 0 },
      sms: { outcome: 'skipped_by_preference', recipients: 0 },
      whatsapp: { outcome: 'skipped_by_preference', recipients: 0 },
    });
    expect((await detail(dev, sent.body.data.id)).inboxes).toEqual([{ recipient: 'company', readAt: null, archivedAt: null }]);
    expect((await dev.call(utilities, 'GET', NOTIFICATIONS)).body.data.items.map((i: { id: string }) => i.id)).toEqual([sent.body.data.id]);
  });

  it('records an employee who cannot be reached on a channel as skipped, saying why', async () => {
    const dev = await stack.developer();
    await dev.call(utilities, 'PATCH', PREFERENCES, { body: { category: 'assigned', sms: true } });
    const noPhone = await hire(dev, { phone: null });
    const sent = await send(dev, { category: 'assigned', title: 'Task', body: 'A task for you.', recipients: [noPhone], channels: ['sms'] });
    expect(sent.body.data.channels.sms).toEqual({ outcome: 'not_applicable', recipients: 0 });
    expect((await detail(dev, sent.body.data.id)).deliveries).toMatchObject([
      { channel: 'sms', recipient: noPhone, status: 'skipped', lastError: 'the employee has no phone number', attempts: [] },
    ]);
  });

  it('refuses employees HR does not know for the company, naming them; writes nothing', async () => {
    const dev = await stack.developer();
    const mine = await hire(dev);
    const other = await stack.developer();
    const theirs = await hire(other);
    const missing = randomUUID();
    const refused = await send(dev, { category: 'general', title: 'x', body: 'y', recipients: [mine, theirs, missing] });
    expectError(refused, 404, 'USER_NOT_FOUND');
    expect(refused.body.details).toEqual({ unknownEmployeeIds: [theirs, missing] });
    expect((await dev.call(utilities, 'GET', `${NOTIFICATIONS}?recipient=${mine}`)).body.data.total).toBe(0);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when HR is down, and writes nothing', async () => {
    const orphan = await stack.startApp(UtilitiesModule, 'utilities', { ...providerEnv, HR_URL: 'http://127.0.0.1:9' });
    try {
      const dev = await stack.developer();
      const before = await orphan.app.get(DataSource).query('SELECT count(*)::int AS n FROM utilities.notifications');
      expectError(await send(dev, { category: 'general', title: 'x', body: 'y', recipients: [randomUUID()] }, orphan), 503, 'UPSTREAM_UNAVAILABLE');
      // raw addresses need no HR
      expect((await send(dev, { category: 'general', title: 'x', body: 'y', recipients: ['a@example.cm'], channels: ['inApp'] }, orphan)).status).toBe(202);
      const after = await orphan.app.get(DataSource).query('SELECT count(*)::int AS n FROM utilities.notifications');
      expect(after[0].n).toBe(before[0].n + 1);
    } finally {
      await orphan.close();
    }
  });

  it('validates the notification', async () => {
    const dev = await stack.developer();
    const bad = await send(dev, { category: 'billing', title: '', body: 'b', recipients: ['nope', 'x@'], channels: ['fax'], data: 'text', extra: 1 });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'channels', 'data', 'extra', 'title'].sort());
    const recipients = await send(dev, { category: 'general', title: 't', body: 'b', recipients: ['nope', 'x@', '+237677000001'] });
    expectError(recipients, 400, 'VALIDATION_FAILED');
    expect(Object.keys(recipients.body.errors)).toEqual(['recipients.0', 'recipients.1']);
    expectError(await send(dev, { category: 'general', title: 't', body: 'b', data: { blob: 'x'.repeat(9000) } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(utilities, 'GET', `${NOTIFICATIONS}/not-a-uuid`), 404, 'NOTIFICATION_NOT_FOUND');
    expectError(await dev.call(utilities, 'GET', `${NOTIFICATIONS}/${randomUUID()}`), 404, 'NOTIFICATION_NOT_FOUND');
    const reader = await stack.developer({ scopes: ['app:read'] });
    expectError(await send(reader, { category: 'general', title: 't', body: 'b' }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('another company cannot see a notification', async () => {
    const dev = await stack.developer();
    const sent = await send(dev, { category: 'general', title: 'Mine', body: 'b' });
    const other = await stack.developer();
    expectError(await other.call(utilities, 'GET', `${NOTIFICATIONS}/${sent.body.data.id}`), 404, 'NOTIFICATION_NOT_FOUND');
    expectError(await other.call(utilities, 'PATCH', `${NOTIFICATIONS}/${sent.body.data.id}/read`), 404, 'NOTIFICATION_NOT_FOUND');
  });
});
