import { generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { PlatformException } from '../errors/platform.exception';
import { roleAtLeast, scopesOfRole, verifySessionToken } from './session-token';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });

function jwt(header: object, claims: object, key: KeyObject = privateKey): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claims = (overrides: object = {}) => ({
  iss: 'platform-auth',
  aud: 'sandbox',
  sub: 'u1',
  sid: 's1',
  org: 'o1',
  role: 'developer',
  pa: 1,
  csrf: true,
  iat: now(),
  exp: now() + 60,
  jti: 'j',
  ...overrides,
});
const header = { alg: 'ES256', typ: 'session+jwt', kid: 'session-k' };
const keyOf = async (kid: string) => {
  if (kid === 'session-k') return publicKey;
  if (kid === 'other') return other.publicKey;
  throw new PlatformException('AUTH_TOKEN_INVALID');
};
const expected = { issuer: 'platform-auth', audience: 'sandbox' };
const refusal = (token: string) =>
  verifySessionToken(token, keyOf, expected).then(
    () => 'accepted',
    (error: PlatformException) => `${error.code}${error.options?.reason ? `:${error.options.reason}` : ''}`,
  );

describe('session tokens', () => {
  it('verifies a session token into the person, session, organization and role', async () => {
    await expect(verifySessionToken(jwt(header, claims()), keyOf, expected)).resolves.toMatchObject({
      userId: 'u1',
      sessionId: 's1',
      organizationId: 'o1',
      role: 'developer',
      periodAnchor: 1,
      csrf: true,
    });
  });

  it('carries the organization’s plan and limits, by which a person’s requests are metered; a token without them (an auth of the release before) has none', async () => {
    await expect(verifySessionToken(jwt(header, claims({ plan: 'api-business', rl: { b: 40, q: 100_000 } })), keyOf, expected)).resolves.toMatchObject({
      plan: 'api-business',
      rateLimits: { burstPerSecond: 40, monthlyQuota: 100_000 },
    });
    await expect(verifySessionToken(jwt(header, claims()), keyOf, expected)).resolves.toMatchObject({ plan: null, rateLimits: null });
    expect(await refusal(jwt(header, claims({ plan: 'free-for-all' })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ rl: { b: 'many', q: 1 } })))).toBe('GATEWAY_AUTH_INVALID');
  });

  it('refuses anything else with GATEWAY_AUTH_INVALID: an access token, another key, a long or expired or foreign token, bad claims', async () => {
    expect(await refusal(jwt({ ...header, typ: 'at+jwt' }, claims()))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt({ ...header, alg: 'HS256' }, claims()))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt({ ...header, kid: 'unknown' }, claims()))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims(), other.privateKey))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ exp: now() + 3600 })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ iat: now() - 120, exp: now() - 60 })))).toBe('GATEWAY_AUTH_INVALID:expired');
    expect(await refusal(jwt(header, claims({ aud: 'production' })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ iss: 'someone' })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ role: 'superuser' })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal(jwt(header, claims({ csrf: 'yes' })))).toBe('GATEWAY_AUTH_INVALID');
    expect(await refusal('not.a.token')).toBe('GATEWAY_AUTH_INVALID');
  });

  it('orders roles and gives each its scopes', () => {
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('developer', 'admin')).toBe(false);
    expect(roleAtLeast('viewer', 'viewer')).toBe(true);
    expect(scopesOfRole('viewer')).toEqual(['webhooks:read']);
    expect(scopesOfRole('developer')).toEqual(['webhooks:read', 'webhooks:write']);
  });
});
