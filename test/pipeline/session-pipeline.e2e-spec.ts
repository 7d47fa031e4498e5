import { DataSource } from 'typeorm';
import { Session } from '../../apps/auth/src/sessions/session.entity';
import { SessionGateway } from '../../apps/auth/src/sessions/session-gateway.service';
import { SessionsService } from '../../apps/auth/src/sessions/sessions.service';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { call, eventually } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

jest.setTimeout(60_000);

/** A service other than auth, reached without a gateway in front: what it makes of the session header alone. */
describe('session tokens in another service (utilities, remote identity)', () => {
  let stack: TestStack;
  let utilities: RunningApp;
  let dev: Developer;
  const endpoints = '/api/v1/app/webhooks/endpoints';

  beforeAll(async () => {
    stack = await TestStack.start();
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
    dev = await stack.developer();
  });

  afterAll(() => stack?.stop());

  it('acts for the organization with the role’s scopes, checks CSRF on changes, and refuses a session ended within the revocation bound', async () => {
    const developer = await stack.person(dev.organizationId, 'developer');
    const viewer = await stack.person(dev.organizationId, 'viewer');

    const read = await developer.signIn('GET', endpoints);
    expect((await call(utilities.url, 'GET', endpoints, { headers: read.headers })).status).toBe(200);
    // the session names the organization: another X-Organization-Id than the one it was minted for is a bad session
    expectError(
      await call(utilities.url, 'GET', endpoints, { headers: { ...read.headers, 'x-organization-id': '00000000-0000-4000-8000-000000000000' } }),
      401,
      'GATEWAY_AUTH_INVALID',
    );
    const { 'x-organization-id': _organization, ...withoutOrganization } = read.headers;
    expectError(await call(utilities.url, 'GET', endpoints, { headers: withoutOrganization }), 403, 'NOT_AN_ORGANIZATION_MEMBER');

    const write = await developer.signIn('POST', endpoints);
    const created = await call(utilities.url, 'POST', endpoints, { headers: write.headers, body: { url: 'http://127.0.0.1:9/hooks' } });
    expect(created.status).toBe(201);
    const noCsrf = await developer.signIn('POST', endpoints, false);
    expectError(await call(utilities.url, 'POST', endpoints, { headers: noCsrf.headers, body: { url: 'http://127.0.0.1:9/hooks' } }), 403, 'CSRF_CHECK_FAILED');
    const viewerWrite = await viewer.signIn('POST', endpoints);
    const refused = await call(utilities.url, 'POST', endpoints, { headers: viewerWrite.headers, body: { url: 'http://127.0.0.1:9/hooks' } });
    expectError(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.details).toMatchObject({ requiredScope: 'webhooks:write', role: 'viewer' });
    // an access token is not a session token, nor the other way round
    expectError(
      await call(utilities.url, 'GET', endpoints, { headers: { 'x-platform-session': dev.accessToken, 'x-organization-id': dev.organizationId } }),
      401,
      'GATEWAY_AUTH_INVALID',
    );
    expectError(
      await call(utilities.url, 'GET', endpoints, {
        headers: {
          authorization: `Bearer ${read.headers['x-platform-session']}`,
          'x-platform-api-key': dev.apiKey,
          'x-platform-client-id': 'platform-developer',
        },
      }),
      401,
      'AUTH_TOKEN_INVALID',
    );

    // ended in auth's store (another auth replica signing it out): utilities refuses its live token within the 5-second bound
    const ending = await developer.signIn('GET', endpoints);
    expect((await call(utilities.url, 'GET', endpoints, { headers: ending.headers })).status).toBe(200);
    await stack.auth.app.get(DataSource).getRepository(Session).update({ id: ending.sessionId }, { endedAt: new Date() });
    const revoked = await eventually(
      async () => {
        const answer = await call(utilities.url, 'GET', endpoints, { headers: ending.headers });
        return answer.status === 401 ? answer : undefined;
      },
      6_000,
      'the ended session refused',
    );
    expectError(revoked, 401, 'GATEWAY_AUTH_INVALID');
    expect(revoked.body.message).toBe('This session has ended: sign in again.');
  });

  it('passes a change’s CSRF check only for an Origin of the scheme and host the request came with, and reads the __Host- session cookie', async () => {
    const { userId } = await stack.person(dev.organizationId, 'developer');
    const { session, token } = await stack.auth.app
      .get(SessionsService)
      .create(stack.auth.app.get(DataSource).manager, userId, { ipAddress: '127.0.0.1', userAgent: 'test' });
    const csrfToken = stack.auth.app.get(SessionGateway).csrfTokenOf(session.id);
    const keys = `/api/v1/account/organizations/${dev.organizationId}/keys`;
    /** The gateway's session check as an ingress asks it, and whether the token it mints passed the CSRF check. */
    const csrfPassed = async (origin: string, addressed: Record<string, string>) => {
      const answer = await call(stack.auth.url, 'GET', '/internal/v1/gateway/session', {
        headers: {
          cookie: `__Host-platform_session=${token}`,
          'x-original-method': 'POST',
          'x-original-uri': keys,
          origin,
          'x-csrf-token': csrfToken,
          ...addressed,
        },
      });
      const minted = answer.headers.get('x-platform-session');
      expect(minted).toBeTruthy();
      return JSON.parse(Buffer.from(minted!.split('.')[1], 'base64url').toString()).csrf as boolean;
    };
    // ingress-nginx and the compose nginx tell the scheme in X-Original-URL; a proxy may tell it in X-Forwarded-Proto
    const overHttps = { 'x-original-url': `https://dashboard.example.test${keys}` };
    expect(await csrfPassed('https://dashboard.example.test', overHttps)).toBe(true);
    expect(await csrfPassed('http://dashboard.example.test', overHttps)).toBe(false);
    const forwarded = { 'x-forwarded-host': 'dashboard.example.test', 'x-forwarded-proto': 'https' };
    expect(await csrfPassed('https://dashboard.example.test', forwarded)).toBe(true);
    expect(await csrfPassed('http://dashboard.example.test', forwarded)).toBe(false);
    expect(await csrfPassed('http://dashboard.example.test', { 'x-forwarded-host': 'dashboard.example.test' })).toBe(true);
  });
});
