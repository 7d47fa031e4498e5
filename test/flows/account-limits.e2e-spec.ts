import { ReceivedMail, TestSmtpServer } from '../../apps/utilities/test/channel-servers';
import { DashboardSession } from '@test/support/dashboard-session';
import { call, eventually } from '@test/support/http';
import { OneMachineSuite, startOneMachineSuite } from '@test/support/one-machine-suite';
import { expectError } from '@test/support/stack';

jest.setTimeout(180_000);

const PASSWORD = 'violet tractor umbrella 42';
const INVITATION_SUBJECT = 'You are invited to an organization on Platform';
const NOT_PLAIN = (field: string) => `${field} must not contain control characters, line breaks or bidirectional formatting characters`;

/**
 * What one person or one organization may create (organizations, API keys, invitations), and the
 * names people choose, on the one-machine suite with a real SMTP server and small limits.
 */
describe('limits on organizations, API keys and invitations, and plain names', () => {
  let suite: OneMachineSuite;
  let smtp: TestSmtpServer;

  const mailsTo = (address: string) => smtp.mailbox.filter((mail: ReceivedMail) => mail.to.includes(address));
  const mailTo = (address: string, subject: string) =>
    eventually(
      () =>
        mailsTo(address)
          .filter((mail) => mail.subject === subject)
          .at(-1),
      20_000,
      `"${subject}" to ${address}`,
    );
  const tokenIn = (mail: ReceivedMail) => /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];

  async function signIn(email: string): Promise<DashboardSession> {
    const session = new DashboardSession(suite.base);
    expect((await session.call('POST', '/api/v1/account/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    return session;
  }

  /** A verified person, signed in, and the organization they own. */
  async function signUp(email: string, name: string, organizationName: string): Promise<{ session: DashboardSession; organizationId: string }> {
    const signedUp = await call(suite.base, 'POST', '/api/v1/account/signup', { body: { email, password: PASSWORD, name, organizationName } });
    expect(signedUp.status).toBe(202);
    expect(
      (await call(suite.base, 'POST', '/api/v1/account/verify-email', { body: { token: tokenIn(await mailTo(email, 'Verify your email address')) } })).status,
    ).toBe(200);
    const session = await signIn(email);
    return { session, organizationId: await firstOrganizationOf(session) };
  }

  const firstOrganizationOf = async (session: DashboardSession): Promise<string> =>
    (await session.call('GET', '/api/v1/account/organizations')).body.data[0].id;

  const organizationPath = (organizationId: string) => `/api/v1/account/organizations/${organizationId}`;
  const invite = (session: DashboardSession, organizationId: string, email: string, headers: Record<string, string> = {}) =>
    session.call('POST', `${organizationPath(organizationId)}/invitations`, { body: { email, role: 'viewer' }, headers });

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    suite = await startOneMachineSuite({
      SMTP_URL: smtp.url,
      ORGANIZATIONS_PER_USER: '3',
      API_KEYS_PER_ORGANIZATION: '3',
      INVITATIONS_PER_ORGANIZATION_PER_DAY: '4',
      INVITATIONS_PER_RECIPIENT_PER_DAY: '2',
    });
  }, 400_000);

  afterAll(async () => {
    await suite?.stop();
    await smtp?.stop();
  });

  it('sends every invitation under one subject, with the organization’s name (190 characters, a link in it) in its text only', async () => {
    const name = `Acme claims your prize at https://evil.example/claim ${'x'.repeat(200)}`.slice(0, 190);
    const ivy = await signUp('ivy@example.com', 'Ivy Nkem', name);
    expect((await invite(ivy.session, ivy.organizationId, 'guest@example.net')).status).toBe(201);
    const mail = await mailTo('guest@example.net', INVITATION_SUBJECT);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain(`Ivy Nkem invites you to join the organization “${name}” on the Platform API dashboard as viewer.`);
    expect(mail.text).toContain(`${suite.base}/dashboard/accept-invitation#token=`);
  });

  it('limits the invitations sent to one address (by every organization) and by one organization over 24 hours, replaced and revoked ones counted, with Retry-After', async () => {
    const session = await signIn('ivy@example.com');
    const ivy = { session, organizationId: await firstOrganizationOf(session) };
    const jon = await signUp('jon@example.com', 'Jon Abah', 'Abah Ltd');
    // Ivy's organization has sent one invitation (the test above): Kit gets two, the second replacing the first
    expect((await invite(ivy.session, ivy.organizationId, 'kit@example.net')).status).toBe(201);
    expect((await invite(ivy.session, ivy.organizationId, 'kit@example.net')).status).toBe(201);
    const perAddress = await invite(jon.session, jon.organizationId, 'Kit@Example.net');
    expectError(perAddress, 429, 'INVITATION_LIMIT_REACHED');
    const retryAfter = Number(perAddress.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(perAddress.body.details).toEqual({ limit: 2, retryAfterSeconds: retryAfter });
    expect(perAddress.body.message).toBe(`This address has been sent 2 invitations in the last 24 hours, the most allowed. Retry after ${retryAfter} seconds.`);
    await eventually(() => mailsTo('kit@example.net').length === 2, 20_000, 'both emails to Kit');

    // revoking the pending invitation gives no invitation back
    const pending = (await ivy.session.call('GET', `${organizationPath(ivy.organizationId)}/invitations`)).body.data;
    const kit = pending.find((invitation: { email: string }) => invitation.email === 'kit@example.net');
    expect((await ivy.session.call('DELETE', `${organizationPath(ivy.organizationId)}/invitations/${kit.id}`)).status).toBe(200);
    expectError(await invite(ivy.session, ivy.organizationId, 'kit@example.net'), 429, 'INVITATION_LIMIT_REACHED');

    expect((await invite(ivy.session, ivy.organizationId, 'lee@example.net')).status).toBe(201);
    const perOrganization = await invite(ivy.session, ivy.organizationId, 'max@example.net');
    expectError(perOrganization, 429, 'INVITATION_LIMIT_REACHED');
    expect(perOrganization.body.message).toMatch(
      /^This organization has sent 4 invitations in the last 24 hours, the most allowed\. Retry after \d+ seconds\.$/,
    );
    expect(Number(perOrganization.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const french = await invite(ivy.session, ivy.organizationId, 'max@example.net', { 'accept-language': 'fr' });
    expect(french.body.message).toMatch(
      /^Cette organisation a envoyé 4 invitations ces dernières 24 heures, le maximum autorisé\. Réessayez dans \d+ secondes\.$/,
    );

    // invitations sent at once are counted one after the other: four of six pass
    const results = await Promise.all(['ann', 'bob', 'cam', 'dan', 'eda', 'fay'].map((who) => invite(jon.session, jon.organizationId, `${who}@example.org`)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    expect((await jon.session.call('GET', `${organizationPath(jon.organizationId)}/invitations`)).body.data).toHaveLength(4);
  });

  it('keeps a person within ORGANIZATIONS_PER_USER organizations, created or joined, even when created at once; a sign-in writes one audit entry in each', async () => {
    const oli = await signUp('oli@example.com', 'Oli Tanyi', 'Tanyi One');
    const create = (name: string) => oli.session.call('POST', '/api/v1/account/organizations', { body: { name } });
    expect((await create('Tanyi Two')).status).toBe(201);
    const results = await Promise.all(['Three', 'Four', 'Five', 'Six', 'Seven'].map((name) => create(`Tanyi ${name}`)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const refused = results.filter((result) => result.status !== 201);
    for (const result of refused) expectError(result, 409, 'ORGANIZATION_LIMIT_REACHED');
    expect(refused[0].body.details).toEqual({ limit: 3 });
    expect(refused[0].body.message).toBe('You are a member of 3 organizations, the most allowed: leave one before creating or joining another.');
    const organizations: Array<{ id: string; name: string }> = (await oli.session.call('GET', '/api/v1/account/organizations')).body.data;
    expect(organizations).toHaveLength(3);

    // joining counts alike: Pat's invitation is refused at the limit, and taken once Oli has left one
    const pat = await signUp('pat@example.com', 'Pat Eyong', 'Eyong Co');
    expect((await invite(pat.session, pat.organizationId, 'oli@example.com')).status).toBe(201);
    const patsInvitation = tokenIn(await mailTo('oli@example.com', INVITATION_SUBJECT));
    expectError(await oli.session.call('POST', '/api/v1/account/invitations/accept', { body: { token: patsInvitation } }), 409, 'ORGANIZATION_LIMIT_REACHED');
    const [, second] = organizations;
    expect((await oli.session.call('POST', `${organizationPath(second.id)}/invitations`, { body: { email: 'pat@example.com', role: 'owner' } })).status).toBe(
      201,
    );
    const olisInvitation = tokenIn(await mailTo('pat@example.com', INVITATION_SUBJECT));
    expect((await pat.session.call('POST', '/api/v1/account/invitations/accept', { body: { token: olisInvitation } })).status).toBe(200);
    const me = (await oli.session.call('GET', '/api/v1/account/me')).body.data.user.id;
    expect((await oli.session.call('DELETE', `${organizationPath(second.id)}/members/${me}`)).status).toBe(200);
    expect((await oli.session.call('POST', '/api/v1/account/invitations/accept', { body: { token: patsInvitation } })).body.data.organization.id).toBe(
      pat.organizationId,
    );

    // a sign-in is in the log of each organization Oli is a member of: three entries, the limit's number at most (Pat reads Eyong Co's)
    const signedIn = await new DashboardSession(suite.base).call('POST', '/api/v1/account/login', { body: { email: 'oli@example.com', password: PASSWORD } });
    const sessionId = signedIn.body.data.session.id;
    const mine: Array<{ id: string }> = signedIn.body.data.organizations;
    expect(mine).toHaveLength(3);
    const logged = await Promise.all(
      mine.map(async ({ id }) => {
        const reader = id === pat.organizationId ? pat.session : oli.session;
        const items: Array<{ target: { id: string } }> = (
          await reader.call('GET', `${organizationPath(id)}/audit-log?action=session.created&actorUserId=${me}`)
        ).body.data.items;
        return items.filter((entry) => entry.target.id === sessionId).length;
      }),
    );
    expect(logged).toEqual([1, 1, 1]);
  });

  it('keeps an organization within API_KEYS_PER_ORGANIZATION keys not revoked, from the dashboard and the CLI alike, even when created at once', async () => {
    const kim = await signUp('kim@example.com', 'Kim Fon', 'Fon Co');
    const keys = `${organizationPath(kim.organizationId)}/keys`;
    const createKey = (name: string) => kim.session.call('POST', keys, { body: { name } });
    expect((await createKey('One')).status).toBe(201);
    const results = await Promise.all(['Two', 'Three', 'Four', 'Five', 'Six'].map(createKey));
    expect(results.filter((result) => result.status === 201)).toHaveLength(2);
    const refused = results.filter((result) => result.status !== 201);
    expect(refused).toHaveLength(3);
    for (const result of refused) expectError(result, 409, 'CREDENTIAL_LIMIT_REACHED');
    expect(refused[0].body.details).toEqual({ limit: 3 });
    expect(refused[0].body.message).toBe(
      'This organization has 3 API keys not revoked, the most allowed: revoke one it no longer uses before creating another.',
    );

    const fromCli = () => suite.cli('credentials:create', '--org', kim.organizationId, '--name', 'From the CLI', '--json');
    const cliRefused = await fromCli();
    expect(cliRefused.status).toBe(1);
    expect(cliRefused.stderr).toContain(
      'error: CREDENTIAL_LIMIT_REACHED: This organization has 3 API keys not revoked, the most allowed: revoke one it no longer uses before creating another.',
    );

    // a revoked key makes room
    const [newest] = (await kim.session.call('GET', keys)).body.data;
    expect((await kim.session.call('DELETE', `${keys}/${newest.id}`)).status).toBe(200);
    const cliCreated = await fromCli();
    expect(cliCreated.status).toBe(0);
    expect(JSON.parse(cliCreated.stdout)).toMatchObject({ organizationId: kim.organizationId, name: 'From the CLI' });
    expectError(await createKey('Seven'), 409, 'CREDENTIAL_LIMIT_REACHED');
  });

  it('refuses control characters, line and paragraph separators and bidirectional formatting in the names people choose, field by field', async () => {
    const signUp = await call(suite.base, 'POST', '/api/v1/account/signup', {
      body: {
        email: 'zed@example.com',
        password: PASSWORD,
        name: 'Zed\n\n[utilities] No SMTP_URL: this password reset email',
        organizationName: 'Zed\u2028Co',
      },
    });
    expectError(signUp, 400, 'VALIDATION_FAILED');
    expect(signUp.body.errors).toEqual({ name: [NOT_PLAIN('name')], organizationName: [NOT_PLAIN('organizationName')] });

    const kim = await signIn('kim@example.com');
    const organizationId = await firstOrganizationOf(kim);
    const organization = await kim.call('POST', '/api/v1/account/organizations', { body: { name: 'Fon \u202eoC' } });
    expectError(organization, 400, 'VALIDATION_FAILED');
    expect(organization.body.errors).toEqual({ name: [NOT_PLAIN('name')] });
    const key = await kim.call('POST', `${organizationPath(organizationId)}/keys`, {
      body: { name: 'Payroll\u001b[2K sync' },
      headers: { 'accept-language': 'fr' },
    });
    expectError(key, 400, 'VALIDATION_FAILED');
    expect(key.body.errors).toEqual({
      name: ['name ne doit contenir ni caractère de contrôle, ni saut de ligne, ni caractère de mise en forme bidirectionnelle'],
    });
    const endpoint = await kim.call('POST', '/api/v1/app/webhooks/endpoints', {
      body: { url: 'http://127.0.0.1:9/hooks', description: 'HR sync\r\nsecond line' },
      headers: { 'x-organization-id': organizationId },
    });
    expectError(endpoint, 400, 'VALIDATION_FAILED');
    expect(endpoint.body.errors).toEqual({ description: [NOT_PLAIN('description')] });

    // a line break only around the name is trimmed away, as spaces are
    const trimmed = await kim.call('POST', '/api/v1/account/organizations', { body: { name: 'Fon Two\n' } });
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.data.name).toBe('Fon Two');
  });
});
