import { PLATFORM_CLIENT_ID } from '@platform/pipeline';
import { ReceivedMail, TestSmtpServer } from '../../apps/utilities/test/channel-servers';
import { call, eventually, HttpResult } from '@test/support/http';
import { DashboardSession } from '@test/support/dashboard-session';
import { OneMachineSuite, startOneMachineSuite } from '@test/support/one-machine-suite';
import { expectError } from '@test/support/stack';

jest.setTimeout(180_000);

/** A browser of the one-machine suite's dashboard. */
class Browser extends DashboardSession {
  constructor(suite: OneMachineSuite) {
    super(suite.base);
  }
}

describe('developer accounts through the one-machine gateway', () => {
  let suite: OneMachineSuite;
  let smtp: TestSmtpServer;

  const mailsTo = (address: string, subject: RegExp) => smtp.mailbox.filter((mail: ReceivedMail) => mail.to.includes(address) && subject.test(mail.subject));
  const mailTo = (address: string, subject: RegExp) => eventually(() => mailsTo(address, subject).at(-1), 20_000, `an email to ${address}`);
  /** The next email to `address` about `subject` after what `ask` made it send. */
  const nextMailTo = async (address: string, subject: RegExp, ask: () => Promise<unknown>) => {
    const before = mailsTo(address, subject).length;
    await ask();
    return eventually(() => mailsTo(address, subject)[before], 20_000, `a new email to ${address}`);
  };
  const tokenIn = (mail: ReceivedMail) => /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const withoutTimestamp = ({ timestamp: _timestamp, ...rest }: Record<string, unknown>) => rest;

  async function signUpAndVerify(email: string, password: string, name: string, organizationName: string): Promise<Browser> {
    const browser = new Browser(suite);
    const mail = await nextMailTo(email, /Verify your email/, async () => {
      const signUp = await browser.call('POST', '/api/v1/account/signup', { body: { email, password, name, organizationName } });
      expect(signUp.status).toBe(202);
    });
    expect(mail.text).toContain(`${suite.base}/dashboard/verify-email#token=`);
    expect((await browser.call('POST', '/api/v1/account/verify-email', { body: { token: tokenIn(mail) } })).status).toBe(200);
    const login = await browser.call('POST', '/api/v1/account/login', { body: { email, password } });
    expect(login.body).toMatchObject({ success: true });
    return browser;
  }

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    // three failures lock an account; the file's many calls from one address stay within its limits
    suite = await startOneMachineSuite({ SMTP_URL: smtp.url, LOGIN_FAILURES_PER_ACCOUNT: '3', LOGIN_FAILURES_PER_ADDRESS: '100' });
  });

  afterAll(async () => {
    await suite?.stop();
    await smtp?.stop();
  });

  it('signs up, verifies the email from the real SMTP server, signs in with a session cookie, and refuses wrong or unverified sign-ins alike', async () => {
    const browser = new Browser(suite);
    const email = 'ada@example.com';
    const password = 'violet tractor umbrella 42';
    expectError(
      await browser.call('POST', '/api/v1/account/signup', {
        body: { email, password: 'password1234', name: 'Ada Okonkwo', organizationName: 'Acme Payroll' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const signUp = await browser.call('POST', '/api/v1/account/signup', {
      body: { email: ' Ada@Example.com ', password, name: 'Ada Okonkwo', organizationName: 'Acme Payroll' },
    });
    expect(signUp.status).toBe(202);
    expect(signUp.body.data).toEqual({ email });
    const mail = await mailTo(email, /Verify your email/);

    // unverified: the right password says so; a wrong one or an unknown email is INVALID_CREDENTIALS, worded alike
    expectError(await browser.call('POST', '/api/v1/account/login', { body: { email, password } }), 403, 'EMAIL_NOT_VERIFIED');
    const wrong = await browser.call('POST', '/api/v1/account/login', { body: { email, password: 'not the password at all' } });
    const unknown = await browser.call('POST', '/api/v1/account/login', { body: { email: 'nobody@example.com', password } });
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(wrong.body.message).toBe(unknown.body.message);

    // signing up again with the address answers the same and sends that sign-up a link of its own:
    // the first link used makes the account, with its own password, name and organization, and ends the other
    const signUpAgain = () =>
      new Browser(suite).call('POST', '/api/v1/account/signup', {
        body: { email, password: 'another long passphrase 7', name: 'Mallory', organizationName: 'Other' },
      });
    let again: HttpResult | undefined;
    const otherMail = await nextMailTo(email, /Verify your email/, async () => (again = await signUpAgain()));
    expect(again!.status).toBe(202);
    expect(again!.body).toEqual(signUp.body);

    expect((await browser.call('POST', '/api/v1/account/verify-email', { body: { token: tokenIn(mail) } })).body.data.email).toBe(email);
    expectError(await browser.call('POST', '/api/v1/account/verify-email', { body: { token: tokenIn(mail) } }), 400, 'ACCOUNT_LINK_INVALID');
    expectError(await browser.call('POST', '/api/v1/account/verify-email', { body: { token: tokenIn(otherMail) } }), 400, 'ACCOUNT_LINK_INVALID');
    // each email names what its link makes
    expect(otherMail.text).toContain('“Other”');
    expect(mail.text).toContain('“Acme Payroll”');
    // once verified, signing up again answers the same and tells the owner by email instead
    expect((await signUpAgain()).body).toEqual(signUp.body);
    await mailTo(email, /already have a Platform account/);

    const login = await browser.call('POST', '/api/v1/account/login', { body: { email, password } });
    expect(login.status).toBe(200);
    // on loopback over plain HTTP the cookies are not Secure, and so take no __Host- prefix
    expect(login.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^platform_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/),
      expect.stringMatching(/^platform_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict$/),
    ]);
    expect(login.body.data.user).toMatchObject({ email, name: 'Ada Okonkwo', emailVerified: true });
    expect(login.body.data.organizations).toEqual([expect.objectContaining({ name: 'Acme Payroll', role: 'owner', plan: 'developer-sandbox' })]);

    const me = await browser.call('GET', '/api/v1/account/me');
    expect(me.status).toBe(200);
    expect((await browser.call('GET', '/api/v1/account/organizations')).body.data).toEqual(login.body.data.organizations);
    expect(me.body.data.session.current).toBe(true);
    expect(me.body.data.csrfToken).toBe(login.body.data.csrfToken);
  });

  it('gives whoever signs up first with someone else’s address nothing: the owner’s own link makes the account, with their password, name and organization', async () => {
    const email = 'vic@example.com';
    const mallory = { email, password: 'mallory planted this 99', name: 'Mallory', organizationName: 'Mallory Holdings' };
    const malloryMail = await nextMailTo(email, /Verify your email/, async () =>
      expect((await new Browser(suite).call('POST', '/api/v1/account/signup', { body: mallory })).status).toBe(202),
    );
    // no account before a link is used: the sign-up's own password learns only that it waits
    expectError(await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email, password: mallory.password } }), 403, 'EMAIL_NOT_VERIFIED');

    const vic = await signUpAndVerify(email, 'harbour lantern quill 31', 'Vic Adeyemi', 'Adeyemi Payroll');
    const me = (await vic.call('GET', '/api/v1/account/me')).body.data;
    expect(me.user).toMatchObject({ email, name: 'Vic Adeyemi', emailVerified: true });
    expect(me.organizations.map((organization: { name: string }) => organization.name)).toEqual(['Adeyemi Payroll']);
    expectError(await new Browser(suite).call('POST', '/api/v1/account/verify-email', { body: { token: tokenIn(malloryMail) } }), 400, 'ACCOUNT_LINK_INVALID');
    expectError(await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email, password: mallory.password } }), 401, 'INVALID_CREDENTIALS');
    // the email Vic got from Mallory's sign-up says what its link would have made
    expect(malloryMail.text).toContain('“Mallory Holdings”');
  });

  it('answers GATEWAY_AUTH_REQUIRED without a session, strips a forged session header, and needs the CSRF token on changes', async () => {
    expectError(await call(suite.base, 'GET', '/api/v1/account/me'), 401, 'GATEWAY_AUTH_REQUIRED');
    // a session token a client made up (or copied) is removed by the gateway before any service sees it
    const forged = 'eyJhbGciOiJFUzI1NiIsInR5cCI6InNlc3Npb24rand0Iiwia2lkIjoieCJ9.eyJzdWIiOiJ4In0.c2ln';
    expectError(await call(suite.base, 'GET', '/api/v1/account/me', { headers: { 'x-platform-session': forged } }), 401, 'GATEWAY_AUTH_REQUIRED');
    expectError(
      await call(suite.base, 'GET', '/api/v1/app/webhooks/endpoints', {
        headers: { 'x-platform-session': forged, 'x-organization-id': '00000000-0000-4000-8000-000000000000' },
      }),
      401,
      'AUTH_TOKEN_MISSING',
    );

    const browser = new Browser(suite);
    await browser.call('POST', '/api/v1/account/login', { body: { email: 'ada@example.com', password: 'violet tractor umbrella 42' } });
    const organizationId = (await browser.call('GET', '/api/v1/account/me')).body.data.organizations[0].id;
    const keys = `/api/v1/account/organizations/${organizationId}/keys`;
    expectError(await browser.call('POST', keys, { body: { name: 'No token' }, headers: { 'x-csrf-token': 'wrong' } }), 403, 'CSRF_CHECK_FAILED');
    expectError(await browser.call('POST', keys, { body: { name: 'Other site' }, headers: { origin: 'https://evil.example' } }), 403, 'CSRF_CHECK_FAILED');
    expectError(
      await browser.call('POST', keys, { body: { name: 'No origin' }, csrf: false, headers: { 'x-csrf-token': browser.csrfToken! } }),
      403,
      'CSRF_CHECK_FAILED',
    );
    // the same host over another scheme is another origin, for the gateway and for sign-in alike
    const otherScheme = suite.base.replace(/^http:/, 'https:');
    expectError(await browser.call('POST', keys, { body: { name: 'Other scheme' }, headers: { origin: otherScheme } }), 403, 'CSRF_CHECK_FAILED');
    expectError(
      await new Browser(suite).call('POST', '/api/v1/account/login', {
        body: { email: 'ada@example.com', password: 'violet tractor umbrella 42' },
        headers: { origin: otherScheme },
      }),
      403,
      'CSRF_CHECK_FAILED',
    );
    // the method the gateway checks is the request's own, not a header the client sends
    expectError(
      await browser.call('POST', keys, { body: { name: 'Claims GET' }, csrf: false, headers: { 'x-original-method': 'GET' } }),
      403,
      'CSRF_CHECK_FAILED',
    );
    expect((await browser.call('GET', keys)).body.data).toEqual([]);
  });

  it('names the session cookie __Host- when it is Secure, still reads the plain name of sessions begun before, and clears both on sign-out', async () => {
    const browser = new Browser(suite);
    // addressed by another name than loopback (through a proxy): the cookies are Secure
    const proxied = { 'x-forwarded-host': 'dashboard.example.test' };
    const login = await browser.call('POST', '/api/v1/account/login', {
      body: { email: 'ada@example.com', password: 'violet tractor umbrella 42' },
      headers: proxied,
    });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^__Host-platform_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/),
      'platform_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      expect.stringMatching(/^__Host-platform_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/),
    ]);
    expect((await browser.call('GET', '/api/v1/account/me')).status).toBe(200);
    const token = browser.session!;
    expect((await call(suite.base, 'GET', '/api/v1/account/me', { headers: { cookie: `platform_session=${token}` } })).status).toBe(200);

    const out = await browser.call('POST', '/api/v1/account/logout', { headers: proxied });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([
      '__Host-platform_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'platform_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    for (const cookie of [`__Host-platform_session=${token}`, `platform_session=${token}`])
      expectError(await call(suite.base, 'GET', '/api/v1/account/me', { headers: { cookie } }), 401, 'GATEWAY_AUTH_REQUIRED');
  });

  it('creates, exchanges, rolls and revokes a key from the dashboard, manages webhook endpoints with the session, and records it all in the audit log', async () => {
    const browser = new Browser(suite);
    await browser.call('POST', '/api/v1/account/login', { body: { email: 'ada@example.com', password: 'violet tractor umbrella 42' } });
    const organizationId = (await browser.call('GET', '/api/v1/account/me')).body.data.organizations[0].id;
    const base = `/api/v1/account/organizations/${organizationId}`;

    const created = await browser.call('POST', `${base}/keys`, { body: { name: 'Payroll sync', scopes: ['hr:read', 'webhooks:read'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Payroll sync',
      scopes: ['hr:read', 'webhooks:read'],
      revokedAt: null,
      keyLastFour: created.body.data.apiKey.slice(-4),
    });
    const { apiKey, apiSecret, id: keyId } = created.body.data;
    const exchange = () =>
      call(suite.base, 'POST', '/api/v1/authorize/token', {
        headers: { 'x-platform-api-key': apiKey, 'x-platform-api-secret': apiSecret, 'x-platform-client-id': PLATFORM_CLIENT_ID },
      });
    expect((await exchange()).status).toBe(200);
    const listed = (await browser.call('GET', `${base}/keys`)).body.data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(apiSecret);

    // what the key does shows in recent requests and usage by day, within a couple of seconds
    const token = (await exchange()).body.data.accessToken;
    const product = (path: string) =>
      call(suite.base, 'GET', path, {
        headers: { authorization: `Bearer ${token}`, 'x-platform-api-key': apiKey, 'x-platform-client-id': PLATFORM_CLIENT_ID },
      });
    expect((await product('/api/v1/hr/employees')).status).toBe(200);
    expectError(await product('/api/v1/app/webhooks/endpoints/00000000-0000-4000-8000-000000000000'), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    const recent = await eventually(
      async () => {
        const page = (await browser.call('GET', `${base}/requests?limit=10`)).body.data;
        return page.total >= 2 ? page : undefined;
      },
      15_000,
      'the requests in the log',
    );
    expect(recent.items[0]).toMatchObject({
      credentialId: keyId,
      credentialName: 'Payroll sync',
      method: 'GET',
      route: '/api/v1/app/webhooks/endpoints/:id',
      status: 404,
    });
    expect(recent.items[1]).toMatchObject({ route: '/api/v1/hr/employees', status: 200, requestId: expect.any(String) });
    const errors = (await browser.call('GET', `${base}/requests?outcome=error`)).body.data;
    expect(errors.items.map((item: { status: number }) => item.status)).toEqual([404]);
    const today = new Date().toISOString().slice(0, 10);
    const usage = (await browser.call('GET', `${base}/usage`)).body.data;
    expect(usage.to).toBe(today);
    expect(usage.days).toHaveLength(30);
    expect(usage.days[29]).toMatchObject({ date: today, byProduct: expect.objectContaining({ hr: 1, app: 1 }) });
    expect(usage.quota.byProduct.hr).toEqual({ used: 1, remaining: 1999 });
    expectError(await browser.call('GET', `${base}/usage?from=2025-01-01&to=2026-06-01`), 400, 'VALIDATION_FAILED');

    const rolled = await browser.call('POST', `${base}/keys/${keyId}/roll`, { body: { graceSeconds: 60 } });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.apiSecret).not.toBe(apiSecret);
    expect(rolled.body.data.previousSecretExpiresAt).not.toBeNull();
    expect((await exchange()).status).toBe(200);

    // webhook endpoints in utilities take the session for the organization named by X-Organization-Id
    const endpoints = '/api/v1/app/webhooks/endpoints';
    expectError(await browser.call('GET', endpoints), 403, 'NOT_AN_ORGANIZATION_MEMBER');
    const endpoint = await browser.call('POST', endpoints, {
      body: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['employee.created'] },
      headers: { 'x-organization-id': organizationId },
    });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.data.secret).toMatch(/^whsec_/);
    expect(
      (await browser.call('GET', endpoints, { headers: { 'x-organization-id': organizationId } })).body.data.items.map((item: { id: string }) => item.id),
    ).toEqual([endpoint.body.data.id]);
    expectError(
      await browser.call('POST', endpoints, {
        body: { url: 'http://127.0.0.1:9/x' },
        headers: { 'x-organization-id': organizationId, 'x-csrf-token': 'nope' },
      }),
      403,
      'CSRF_CHECK_FAILED',
    );

    // endpoint changes are in the organization's audit log, whoever made them: the person, or a key
    const endpointCreated = await eventually(
      async () => {
        const entries = (await browser.call('GET', `${base}/audit-log?action=webhook_endpoint.created`)).body.data.items;
        return entries.length ? entries : undefined;
      },
      15_000,
      'the endpoint creation in the audit log',
    );
    expect(endpointCreated).toEqual([
      expect.objectContaining({
        actor: { userId: expect.any(String), email: 'ada@example.com' },
        target: { type: 'webhook_endpoint', id: endpoint.body.data.id },
        ipAddress: '127.0.0.1',
      }),
    ]);

    const revoked = await browser.call('DELETE', `${base}/keys/${keyId}`);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expectError(await exchange(), 401, 'DEVELOPER_KEYS_INVALID');

    const log = await browser.call('GET', `${base}/audit-log?limit=50`);
    expect(log.status).toBe(200);
    const actions = log.body.data.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['key.revoked', 'key.secret_rolled', 'key.created', 'session.created', 'organization.created']));
    expect(actions.indexOf('key.revoked')).toBeLessThan(actions.indexOf('key.created'));
    const filtered = await browser.call('GET', `${base}/audit-log?action=key.created`);
    expect(filtered.body.data.items).toEqual([
      expect.objectContaining({
        action: 'key.created',
        actor: expect.objectContaining({ userId: expect.any(String) }),
        target: { type: 'key', id: keyId },
        ipAddress: '127.0.0.1',
      }),
    ]);
    expect(JSON.stringify(log.body)).not.toContain(apiSecret);
  });

  it('keeps organizations apart, invites by email with a role, and enforces roles and the last owner', async () => {
    const owner = new Browser(suite);
    await owner.call('POST', '/api/v1/account/login', { body: { email: 'ada@example.com', password: 'violet tractor umbrella 42' } });
    const organizationId = (await owner.call('GET', '/api/v1/account/me')).body.data.organizations[0].id;
    const base = `/api/v1/account/organizations/${organizationId}`;

    const other = await signUpAndVerify('ben@example.com', 'granite lantern meadow 9', 'Ben Mensah', 'Mensah HR');
    expectError(await other.call('GET', base), 403, 'NOT_AN_ORGANIZATION_MEMBER');
    expectError(await other.call('GET', `${base}/keys`), 403, 'NOT_AN_ORGANIZATION_MEMBER');
    expectError(await other.call('POST', `${base}/keys`, { body: { name: 'Theirs' } }), 403, 'NOT_AN_ORGANIZATION_MEMBER');
    expectError(
      await other.call('GET', '/api/v1/app/webhooks/endpoints', { headers: { 'x-organization-id': organizationId } }),
      403,
      'NOT_AN_ORGANIZATION_MEMBER',
    );

    const invited = await owner.call('POST', `${base}/invitations`, { body: { email: 'ben@example.com', role: 'viewer' } });
    expect(invited.status).toBe(201);
    const mail = await mailTo('ben@example.com', /^You are invited to an organization on Platform$/);
    const stranger = await signUpAndVerify('cy@example.com', 'copper harbour violin 3', 'Cy', 'Cy Ltd');
    expectError(await stranger.call('POST', '/api/v1/account/invitations/accept', { body: { token: tokenIn(mail) } }), 400, 'ACCOUNT_LINK_INVALID');
    const accepted = await other.call('POST', '/api/v1/account/invitations/accept', { body: { token: tokenIn(mail) } });
    expect(accepted.body.data.organization).toMatchObject({ id: organizationId, role: 'viewer' });

    expect((await other.call('GET', `${base}/keys`)).status).toBe(200);
    expectError(await other.call('POST', `${base}/keys`, { body: { name: 'Viewer key' } }), 403, 'INSUFFICIENT_SCOPE');
    expectError(
      await other.call('POST', '/api/v1/app/webhooks/endpoints', { body: { url: 'http://127.0.0.1:9/v' }, headers: { 'x-organization-id': organizationId } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectError(await other.call('GET', `${base}/audit-log`), 403, 'INSUFFICIENT_SCOPE');

    const me = (await owner.call('GET', '/api/v1/account/me')).body.data.user.id;
    expectError(await owner.call('DELETE', `${base}/members/${me}`), 409, 'ORGANIZATION_LAST_OWNER');
    const benId = (await other.call('GET', '/api/v1/account/me')).body.data.user.id;
    expect((await owner.call('PATCH', `${base}/members/${benId}`, { body: { role: 'owner' } })).body.data.role).toBe('owner');
    expect((await owner.call('DELETE', `${base}/members/${me}`)).status).toBe(200);
    expectError(await owner.call('GET', base), 403, 'NOT_AN_ORGANIZATION_MEMBER');
    const members = (await other.call('GET', `${base}/members`)).body.data;
    expect(members).toEqual([expect.objectContaining({ email: 'ben@example.com', role: 'owner' })]);

    // a person's sign-ins are in the logs of the organizations they were a member of at the time:
    // Ada's stay after she left, Ben's from before he joined are only in his own organization's
    const signIns = async (organization: string) => {
      const log = await other.call('GET', `/api/v1/account/organizations/${organization}/audit-log?action=session.created&limit=100`);
      expect(log.status).toBe(200);
      return log.body.data.items.map((entry: { actor: { email: string } }) => entry.actor.email);
    };
    const own = (await other.call('GET', '/api/v1/account/me')).body.data.organizations.find(
      (organization: { name: string }) => organization.name === 'Mensah HR',
    ).id;
    expect(await signIns(organizationId)).toContain('ada@example.com');
    expect(await signIns(organizationId)).not.toContain('ben@example.com');
    expect(await signIns(own)).toEqual(['ben@example.com']);
    expect(
      (await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email: 'ben@example.com', password: 'granite lantern meadow 9' } })).status,
    ).toBe(200);
    expect((await signIns(organizationId)).filter((email: string) => email === 'ben@example.com')).toHaveLength(1);
    expect(await signIns(own)).toEqual(['ben@example.com', 'ben@example.com']);
  });

  it('lists and ends sessions, signs out, and resets a password by email, ending every session', async () => {
    const email = 'dee@example.com';
    const first = await signUpAndVerify(email, 'saffron pebble kettle 5', 'Dee', 'Dee Co');
    const second = new Browser(suite);
    await second.call('POST', '/api/v1/account/login', { body: { email, password: 'saffron pebble kettle 5' } });
    const sessions = (await first.call('GET', '/api/v1/account/sessions')).body.data;
    expect(sessions).toHaveLength(2);
    const secondId = sessions.find((session: { current: boolean }) => !session.current).id;
    expect((await first.call('DELETE', `/api/v1/account/sessions/${secondId}`)).status).toBe(200);
    expectError(await second.call('GET', '/api/v1/account/me'), 401, 'GATEWAY_AUTH_REQUIRED');

    const out = await first.call('POST', '/api/v1/account/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual(['platform_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax']);
    expectError(await first.call('GET', '/api/v1/account/me'), 401, 'GATEWAY_AUTH_REQUIRED');

    const third = new Browser(suite);
    await third.call('POST', '/api/v1/account/login', { body: { email, password: 'saffron pebble kettle 5' } });
    expect((await call(suite.base, 'POST', '/api/v1/account/password-reset', { body: { email } })).status).toBe(202);
    expect((await call(suite.base, 'POST', '/api/v1/account/password-reset', { body: { email: 'nobody@example.com' } })).status).toBe(202);
    const mail = await mailTo(email, /Reset your password/);
    expectError(
      await call(suite.base, 'POST', '/api/v1/account/password-reset/confirm', { body: { token: tokenIn(mail), password: 'short' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(
      (await call(suite.base, 'POST', '/api/v1/account/password-reset/confirm', { body: { token: tokenIn(mail), password: 'thistle orbit canyon 88' } }))
        .status,
    ).toBe(200);
    expectError(await third.call('GET', '/api/v1/account/me'), 401, 'GATEWAY_AUTH_REQUIRED');
    expectError(
      await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email, password: 'saffron pebble kettle 5' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email, password: 'thistle orbit canyon 88' } })).status).toBe(200);
  });

  it('ends every other link of an account when one is used, and every link when the password changes', async () => {
    const email = 'hal@example.com';
    await signUpAndVerify(email, 'cedar mosaic tundra 8', 'Hal', 'Hal Co');
    const resetLink = async () =>
      tokenIn(
        await nextMailTo(email, /Reset your password/, async () =>
          expect((await call(suite.base, 'POST', '/api/v1/account/password-reset', { body: { email } })).status).toBe(202),
        ),
      );
    const confirm = (token: string, password: string) => call(suite.base, 'POST', '/api/v1/account/password-reset/confirm', { body: { token, password } });
    const first = await resetLink();
    const second = await resetLink();
    expect((await confirm(second, 'pewter saddle orchard 5')).status).toBe(200);
    expectError(await confirm(first, 'another fresh passphrase 6'), 400, 'ACCOUNT_LINK_INVALID');

    // a link asked for before a password change ends with the change
    const third = await resetLink();
    const browser = new Browser(suite);
    expect((await browser.call('POST', '/api/v1/account/login', { body: { email, password: 'pewter saddle orchard 5' } })).status).toBe(200);
    expect(
      (
        await browser.call('POST', '/api/v1/account/me/password', {
          body: { currentPassword: 'pewter saddle orchard 5', newPassword: 'quartz meadow ripple 44' },
        })
      ).status,
    ).toBe(200);
    expectError(await confirm(third, 'yet another passphrase 7'), 400, 'ACCOUNT_LINK_INVALID');
    expect((await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email, password: 'quartz meadow ripple 44' } })).status).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: a flood from one session never fills the hashing queue, and another user signs in meanwhile', async () => {
    const flooder = await signUpAndVerify('flo@example.com', 'juniper anvil cobalt 64', 'Flo', 'Flo Co');
    await signUpAndVerify('gus@example.com', 'meadow prism falcon 27', 'Gus', 'Gus Co');
    const flood = Array.from({ length: 150 }, () =>
      flooder.call('POST', '/api/v1/account/me/password', { body: { currentPassword: 'not my password at all', newPassword: 'brand new passphrase 12' } }),
    );
    // once the first of the flood is answered, the rest are in (without a bound, the queue is full then and answers 503)
    await Promise.race(flood);
    const other = await new Browser(suite).call('POST', '/api/v1/account/login', { body: { email: 'gus@example.com', password: 'meadow prism falcon 27' } });
    expect(other.status).toBe(200);
    const answers = await Promise.all(flood);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // checked at most as often as the account's limit (3 here) and then, the session's browser being
    // one the account signed in on, its device's own (3): the rest refused unchecked
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(6);
    expect(answers.find((answer) => answer.status === 429)!.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('checks an account’s password at its failure limit only on a browser it signed in on, unlocks it by email, and answers unknown addresses alike', async () => {
    const email = 'eve@example.com';
    const password = 'marble falcon river 12';
    const owner = await signUpAndVerify(email, password, 'Eve', 'Eve Co');
    const login = (address: string, secret: string, browser = new Browser(suite)) =>
      browser.call('POST', '/api/v1/account/login', { body: { email: address, password: secret } });
    for (let i = 0; i < 3; i++) expectError(await login(email, `guess number ${i} wrong`), 401, 'INVALID_CREDENTIALS');
    const limited = await login(email, 'guess number 4 wrong');
    expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.details).toEqual({ retryAfterSeconds: 900, unlockByEmail: true });
    expect(limited.body.message).toMatch(/unlock link by email/);
    // the right password from a browser the account never signed in on is refused unchecked, as a wrong one
    expect(withoutTimestamp((await login(email, password)).body)).toEqual(withoutTimestamp(limited.body));
    // the owner's browser, where the account signed in (its device cookie), still has it checked
    expect(owner.cookies.has('platform_device')).toBe(true);
    expect((await login(email, password, owner)).status).toBe(200);
    // an address with no account at its limit answers alike
    for (let i = 0; i < 3; i++) expectError(await login('nobody-at-all@example.com', `guess number ${i} wrong`), 401, 'INVALID_CREDENTIALS');
    expect(withoutTimestamp((await login('nobody-at-all@example.com', password)).body)).toEqual(withoutTimestamp(limited.body));

    // an unlock link, asked for from anywhere, goes to the owner; the answer is the same for an unknown address
    const ask = (address: string) => call(suite.base, 'POST', '/api/v1/account/unlock', { body: { email: address } });
    let asked: HttpResult | undefined;
    const mail = await nextMailTo(email, /Unlock sign-in/, async () => (asked = await ask(email)));
    expect(asked!.status).toBe(202);
    expect((await ask('nobody-at-all@example.com')).body).toEqual(asked!.body);
    expect(mail.text).toContain(`${suite.base}/dashboard/unlock#token=`);
    const unlocker = new Browser(suite);
    const unlocked = await unlocker.call('POST', '/api/v1/account/unlock/confirm', { body: { token: tokenIn(mail) } });
    expect(unlocked.status).toBe(200);
    expect(unlocker.cookies.has('platform_device')).toBe(true);
    expectError(await new Browser(suite).call('POST', '/api/v1/account/unlock/confirm', { body: { token: tokenIn(mail) } }), 400, 'ACCOUNT_LINK_INVALID');
    // the failures are cleared: any browser has the password checked again
    expect((await login(email, password)).status).toBe(200);
  });
});
