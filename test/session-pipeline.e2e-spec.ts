import { DataSource } from 'typeorm';
import { Session } from '../apps/auth/src/accounts/account.entities';
import { UtilitiesModule } from '../apps/utilities/src/utilities.module';
import { call, eventually } from './support/http';
import { Developer, expectError, RunningApp, TestStack } from './support/stack';

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
    expectError(await call(utilities.url, 'GET', endpoints, { headers: { ...read.headers, 'x-organization-id': '00000000-0000-4000-8000-000000000000' } }), 401, 'GATEWAY_AUTH_INVALID');
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
    expectError(await call(utilities.url, 'GET', endpoints, { headers: { 'x-platform-session': dev.accessToken, 'x-organization-id': dev.organizationId } }), 401, 'GATEWAY_AUTH_INVALID');
    expectError(await call(utilities.url, 'GET', endpoints, { headers: { authorization: `Bearer ${read.headers['x-platform-session']}`, 'x-platform-api-key': dev.apiKey, 'x-platform-client-id': 'platform-developer' } }), 401, 'AUTH_TOKEN_INVALID');

    // ended in auth's store (another auth replica signing it out): utilities refuses its live token within the 5-second bound
    const ending = await developer.signIn('GET', endpoints);
    expect((await call(utilities.url, 'GET', endpoints, { headers: ending.headers })).status).toBe(200);
    await stack.auth.app.get(DataSource).getRepository(Session).update({ id: ending.sessionId }, { endedAt: new Date() });
    const revoked = await eventually(async () => {
      const answer = await call(utilities.url, 'GET', endpoints, { headers: ending.headers });
      return answer.status === 401 ? answer : undefined;
    }, 6_000, 'the ended session refused');
    expectError(revoked, 401, 'GATEWAY_AUTH_INVALID');
    expect(revoked.body.message).toBe('This session has ended: sign in again.');
  });
});
