import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { UtilitiesContract } from '@platform/contracts';
import { PendingSignUp } from '../src/accounts/pending-sign-up.entity';
import { User } from '../src/accounts/user.entity';
import { Membership } from '../src/organizations/membership.entity';
import { hashPassword } from '../src/accounts/passwords';
import { Organization } from '../src/organizations/organization.entity';
import { call, eventually } from '@test/support/http';
import { expectError, TestStack } from '@test/support/stack';

jest.setTimeout(60_000);

/** Utilities' account-email route as auth calls it, on loopback: what auth asks to send, recorded. */
async function startEmailReceiver(): Promise<{ url: string; emails: UtilitiesContract.AccountEmail[]; server: Server }> {
  const emails: UtilitiesContract.AccountEmail[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === UtilitiesContract.SEND_ACCOUNT_EMAIL.path) emails.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ via: 'smtp' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, emails, server };
}

/** Sign-ups waiting for their link, and the accounts an earlier release left unverified. */
describe('sign-ups and unverified accounts', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startEmailReceiver>>;
  let db: DataSource;

  beforeAll(async () => {
    receiver = await startEmailReceiver();
    stack = await TestStack.start({ env: { UTILITIES_URL: receiver.url } });
    db = stack.auth.app.get(DataSource);
  });

  afterAll(async () => {
    await stack?.stop();
    receiver?.server.close();
  });

  /** An account as an earlier release left it when its email was never verified: the row, an organization it owns. */
  async function unverifiedAccount(email: string, password: string, createdAt = new Date()) {
    const user = await db
      .getRepository(User)
      .save({ email, name: 'Mallory', passwordHash: await hashPassword(password, null), emailVerifiedAt: null, passwordChangedAt: createdAt, createdAt });
    const organization = await db
      .getRepository(Organization)
      .save({ name: `${email}'s organization`, plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null });
    await db.getRepository(Membership).insert({ organizationId: organization.id, userId: user.id, role: 'owner' });
    return { user, organization };
  }

  const tokenIn = (email: UtilitiesContract.AccountEmail) => /#token=([A-Za-z0-9_-]+)/.exec(email.text)![1];

  it('treats an account left unverified as absent: it cannot sign in, and a sign-up of its address makes a new account that replaces it and what it made', async () => {
    const email = 'lee@example.com';
    const planted = await unverifiedAccount(email, 'planted long password 1');
    expectError(
      await call(stack.auth.url, 'POST', '/api/v1/account/login', { body: { email, password: 'planted long password 1' } }),
      401,
      'INVALID_CREDENTIALS',
    );

    expect(
      (
        await call(stack.auth.url, 'POST', '/api/v1/account/signup', {
          body: { email, password: 'willow engine harbor 3', name: 'Lee Real', organizationName: 'Lee Payroll' },
        })
      ).status,
    ).toBe(202);
    const mail = await eventually(() => receiver.emails.find((sent) => sent.to === email && sent.kind === 'verify_email'), 15_000, 'the verification email');
    expect((await call(stack.auth.url, 'POST', '/api/v1/account/verify-email', { body: { token: tokenIn(mail) } })).status).toBe(200);

    expect((await call(stack.auth.url, 'POST', '/api/v1/account/login', { body: { email, password: 'willow engine harbor 3' } })).status).toBe(200);
    expectError(
      await call(stack.auth.url, 'POST', '/api/v1/account/login', { body: { email, password: 'planted long password 1' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const user = await db.getRepository(User).findOneByOrFail({ email });
    expect(user).toMatchObject({ name: 'Lee Real', emailVerifiedAt: expect.any(Date) });
    expect(user.id).not.toBe(planted.user.id);
    expect(await db.getRepository(User).findOneBy({ id: planted.user.id })).toBeNull();
    expect(await db.getRepository(Organization).findOneBy({ id: planted.organization.id })).toBeNull();
    const memberships = await db.getRepository(Membership).findBy({ userId: user.id });
    expect(await db.getRepository(Organization).findBy(memberships.map((membership) => ({ id: membership.organizationId })))).toEqual([
      expect.objectContaining({ name: 'Lee Payroll' }),
    ]);
    expect(await db.getRepository(PendingSignUp).findBy({ email })).toEqual([]);
  });

  it('removes, by a job of the queue, sign-ups a day old and accounts left unverified a day, with the organizations they alone belong to', async () => {
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const expired = await db.getRepository(PendingSignUp).save({
      email: 'old@example.com',
      name: 'Old',
      organizationName: 'Old Co',
      passwordHash: 'x',
      tokenHash: null,
      createdAt: dayAgo,
      expiresAt: new Date(dayAgo.getTime() + 24 * 3600_000),
    });
    const live = await db.getRepository(PendingSignUp).save({
      email: 'new@example.com',
      name: 'New',
      organizationName: 'New Co',
      passwordHash: 'x',
      tokenHash: null,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const stale = await unverifiedAccount('stale@example.com', 'stale long password 2', dayAgo);
    const young = await unverifiedAccount('young@example.com', 'young long password 3');
    // an organization the stale account shares with a verified member stays, without it
    const member = await db
      .getRepository(User)
      .save({ email: 'kept@example.com', name: 'Kept', passwordHash: 'x', emailVerifiedAt: new Date(), passwordChangedAt: new Date() });
    const shared = await db
      .getRepository(Organization)
      .save({ name: 'Shared', plan: 'developer-sandbox', burstPerSecond: null, monthlyQuota: null, webhookRetries: null });
    await db.getRepository(Membership).insert([
      { organizationId: shared.id, userId: member.id, role: 'owner' },
      { organizationId: shared.id, userId: stale.user.id, role: 'viewer' },
    ]);

    await db.query(`SELECT graphile_worker.add_job('auth:expire-sign-ups')`);
    await eventually(async () => !(await db.getRepository(User).findOneBy({ id: stale.user.id })), 15_000, 'the stale account removed');
    expect(await db.getRepository(PendingSignUp).findOneBy({ id: expired.id })).toBeNull();
    expect(await db.getRepository(PendingSignUp).findOneBy({ id: live.id })).not.toBeNull();
    expect(await db.getRepository(Organization).findOneBy({ id: stale.organization.id })).toBeNull();
    expect(await db.getRepository(Membership).findBy({ organizationId: shared.id })).toEqual([expect.objectContaining({ userId: member.id })]);
    expect(await db.getRepository(User).findOneBy({ id: young.user.id })).not.toBeNull();
    expect(await db.getRepository(Organization).findOneBy({ id: young.organization.id })).not.toBeNull();
  });
});
