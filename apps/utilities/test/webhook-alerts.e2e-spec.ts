import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { User } from '../../auth/src/accounts/user.entity';
import { Membership } from '../../auth/src/organizations/membership.entity';
import { UtilitiesModule } from '../src/utilities.module';
import { TestSmtpServer } from './channel-servers';
import { call, eventually, HttpResult, sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

const PATH = '/api/v1/app/webhooks/endpoints';
const NOT_A_MEMBER = 'alertEmail must be the verified email address of a member of the organization';

/**
 * A webhook endpoint's alert address: only the verified address of a member of the endpoint's
 * organization, checked when it is set (by a key or by a person acting for an organization) and
 * again before each alert; an endpoint's alert goes out at most once a day, with a subject that
 * carries nothing its owner wrote.
 */
describe('webhook endpoint alerts: to verified members only, at most once a day', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  let smtp: TestSmtpServer;
  let authData: DataSource;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    stack = await TestStack.start({ env: { SMTP_URL: smtp.url, WEBHOOK_RETRY_SCHEDULE: '0s' } });
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    authData = stack.auth.app.get(DataSource);
  });
  afterAll(async () => {
    await stack.stop();
    for (const receiver of receivers) await receiver.close();
    await smtp.stop();
  });

  /** A receiver that answers 410 Gone: its endpoint is disabled at its first delivery. */
  async function goneReceiver(): Promise<WebhookReceiver> {
    const receiver = await WebhookReceiver.start();
    receiver.fallback = { status: 410 };
    receivers.push(receiver);
    return receiver;
  }

  /** A person with an account in the organization whose address is not verified. */
  async function unverifiedMember(organizationId: string): Promise<string> {
    const email = `unverified-${randomBytes(4).toString('hex')}@example.com`;
    const user = await authData
      .getRepository(User)
      .save({ email, name: 'Unverified', passwordHash: 'x', emailVerifiedAt: null, passwordChangedAt: new Date() });
    await authData.getRepository(Membership).insert({ organizationId, userId: user.id, role: 'developer' });
    return email;
  }

  function expectNotAMember(refused: HttpResult): void {
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual({ alertEmail: [NOT_A_MEMBER] });
  }

  async function disabledBy410(dev: Developer, endpointId: string): Promise<void> {
    expect((await dev.call(utilities, 'POST', `${PATH}/${endpointId}/test`)).status).toBe(202);
    await eventually(async () => (await dev.call(utilities, 'GET', `${PATH}/${endpointId}`)).body.data.status === 'disabled', 15_000, 'the endpoint disabled');
  }

  it('takes a key’s alert address only when it is a verified member’s of the key’s organization, on creation and on change', async () => {
    const dev = await stack.developer();
    const member = await stack.person(dev.organizationId, 'viewer');
    const stranger = await stack.person((await stack.developer()).organizationId);

    for (const alertEmail of ['ops@example.cm', stranger.email, await unverifiedMember(dev.organizationId)]) {
      expectNotAMember(await dev.call(utilities, 'POST', PATH, { body: { url: 'http://127.0.0.1:9/alerts', alertEmail } }));
    }
    const french = await dev.call(utilities, 'POST', PATH, {
      body: { url: 'http://127.0.0.1:9/alerts', alertEmail: 'ops@example.cm' },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.body.errors).toEqual({ alertEmail: ['alertEmail doit être l’adresse e-mail vérifiée d’un membre de l’organisation'] });
    expect((await dev.call(utilities, 'GET', PATH)).body.data.total).toBe(0);

    const created = await dev.call(utilities, 'POST', PATH, { body: { url: 'http://127.0.0.1:9/alerts', alertEmail: member.email.toUpperCase() } });
    expect(created.status).toBe(201);
    expect(created.body.data.alertEmail).toBe(member.email);

    const id = created.body.data.id;
    expectNotAMember(await dev.call(utilities, 'PATCH', `${PATH}/${id}`, { body: { alertEmail: stranger.email, description: 'changed' } }));
    expect((await dev.call(utilities, 'GET', `${PATH}/${id}`)).body.data).toMatchObject({ alertEmail: member.email, description: null });
    expect((await dev.call(utilities, 'PATCH', `${PATH}/${id}`, { body: { alertEmail: null } })).body.data.alertEmail).toBeNull();
    expect((await dev.call(utilities, 'PATCH', `${PATH}/${id}`, { body: { alertEmail: member.email } })).body.data.alertEmail).toBe(member.email);
    expectError(
      await dev.call(utilities, 'PATCH', `${PATH}/6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b`, { body: { alertEmail: member.email } }),
      404,
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    );
  });

  it('takes a person’s alert address only when it is a verified member’s of the organization the session acts for', async () => {
    const [first, second] = [await stack.developer(), await stack.developer()];
    // a developer of the second organization who is also a member of the first
    const person = await stack.person(second.organizationId, 'developer');
    await authData.getRepository(Membership).insert({ organizationId: first.organizationId, userId: person.userId, role: 'viewer' });
    const firstOnly = await stack.person(first.organizationId, 'developer');
    const create = async (alertEmail: string) =>
      call(utilities.url, 'POST', PATH, { body: { url: 'http://127.0.0.1:9/person', alertEmail }, headers: await person.sessionHeader('POST', PATH) });

    expectNotAMember(await create(firstOnly.email));
    const created = await create(person.email);
    expect(created.status).toBe(201);
    expect((await second.call(utilities, 'GET', `${PATH}/${created.body.data.id}`)).body.data.alertEmail).toBe(person.email);
    // the key of the first organization may name the person too: they are a member of both
    expect((await first.call(utilities, 'POST', PATH, { body: { url: 'http://127.0.0.1:9/key', alertEmail: person.email } })).status).toBe(201);
  });

  it('emails a disabled endpoint’s alert once a day at most, under a subject free of its URL and description', async () => {
    const dev = await stack.developer();
    const member = await stack.person(dev.organizationId, 'developer');
    const receiver = await goneReceiver();
    const created = await dev.call(utilities, 'POST', PATH, {
      body: { url: `${receiver.url}/claim-your-refund`, description: 'URGENT: sign in at evil.example', alertEmail: member.email },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    await disabledBy410(dev, id);
    const [mail] = await eventually(
      () => smtp.mailbox.filter((m) => m.to.includes(member.email)).length === 1 && smtp.mailbox.filter((m) => m.to.includes(member.email)),
      15_000,
      'the alert email',
    );
    expect(mail.subject).toBe('Webhook endpoint disabled');
    expect(mail.text).toContain(id);
    expect(mail.text).toContain('410 Gone');

    // disabled again and again the same day: no other email
    for (let i = 0; i < 2; i++) {
      expect((await dev.call(utilities, 'POST', `${PATH}/${id}/enable`)).status).toBe(200);
      await disabledBy410(dev, id);
    }
    await eventually(
      async () => (await dev.call(utilities, 'GET', '/api/v1/app/events?type=webhook_endpoint.disabled')).body.data.items.length === 3,
      15_000,
      'three disabled events',
    );
    await sleep(2000);
    expect(smtp.mailbox.filter((m) => m.to.includes(member.email))).toHaveLength(1);
    // each disabling came from a delivery the receiver refused: the test events, or the company's other
    // events (the alert's own notification.delivered, the disabling) delivered once it was enabled again
    expect(receiver.received.length).toBeGreaterThanOrEqual(3);
  });

  it('tells the company inbox instead of a member who has left since the address was set', async () => {
    const dev = await stack.developer();
    const member = await stack.person(dev.organizationId, 'developer');
    const receiver = await goneReceiver();
    const created = await dev.call(utilities, 'POST', PATH, { body: { url: receiver.url, alertEmail: member.email } });
    expect(created.status).toBe(201);
    const leave = `/api/v1/account/organizations/${dev.organizationId}/members/${member.userId}`;
    expect((await call(stack.auth.url, 'DELETE', leave, { headers: await member.sessionHeader('DELETE', leave) })).status).toBe(200);

    await disabledBy410(dev, created.body.data.id);
    const item = await eventually(
      async () => {
        const inbox = await dev.call(utilities, 'GET', '/api/v1/app/notifications');
        return inbox.body.data.items.find((entry: { title: string }) => entry.title === 'Webhook endpoint disabled');
      },
      15_000,
      'the alert in the company inbox',
    );
    expect(item.body).toContain(created.body.data.id);
    await sleep(1000);
    expect(smtp.mailbox.filter((m) => m.to.includes(member.email))).toEqual([]);
  });
});
