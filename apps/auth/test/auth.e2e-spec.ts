import { sign } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthModule } from '../src/auth.module';
import { keyHashOf } from '../src/credentials/credential-secrets';
import { CredentialsService } from '../src/credentials/credentials.service';
import { CredentialsWriteScope1795704218951 } from '../src/migrations/1795704218951-CredentialsWriteScope';
import { SigningKeys } from '../src/tokens/signing-keys.service';
import { call, eventually, sleep } from '@test/support/http';
import { promtoolProblems } from '@test/support/promtool';
import { Developer, expectError, TestStack } from '@test/support/stack';

/** The claims of a compact JWT, unverified. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('auth service', () => {
  let stack: TestStack;
  let dev: Developer;
  const url = () => stack.auth.url;
  let addresses = 0;
  /** Each failing exchange comes from its own client address, so per-address limits stay apart. */
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

  beforeAll(async () => {
    stack = await TestStack.start({ env: { TRUST_PROXY: 'true' } });
    dev = await stack.developer({ org: 'Acme' });
  });
  afterAll(() => stack.stop());

  describe('public routes', () => {
    it('answers the root, health, JWKS and OpenAPI without credentials', async () => {
      const root = await call(url(), 'GET', '/api/v1');
      expect(root.status).toBe(200);
      expect(root.body).toMatchObject({ success: true, data: { service: 'auth', apiVersion: 'v1' } });

      const health = await call(url(), 'GET', '/api/v1/health');
      expect(health.status).toBe(200);
      expect(health.body.data).toMatchObject({ status: 'ok', dependencies: { database: { status: 'up' }, redis: { status: 'up' } } });

      const jwks = await call(url(), 'GET', '/api/v1/.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      // the access token key and the session token key (its own kid, derived from it)
      expect(jwks.body.keys).toHaveLength(2);
      for (const key of jwks.body.keys) expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(jwks.body.keys[1].kid).toMatch(/^session-/);
      expect(jwks.body.keys[1].kid).not.toBe(jwks.body.keys[0].kid);
      expect(jwks.body.keys.map((key: { d?: string }) => key.d)).toEqual([undefined, undefined]);

      const openapi = await call(url(), 'GET', '/api/v1/openapi.json');
      expect(openapi.status).toBe(200);
      expect(openapi.body.components.securitySchemes).toMatchObject({
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Platform-Api-Key' },
        clientId: { type: 'apiKey', in: 'header', name: 'X-Platform-Client-Id' },
      });
      // the three headers together, as one requirement; public routes need none
      expect(openapi.body.paths['/api/v1/authorize/current'].get.security).toEqual([{ bearer: [], apiKey: [], clientId: [] }]);
      expect(openapi.body.paths['/api/v1/authorize/token'].post.security).toEqual([]);
      expect(openapi.body.paths['/api/v1'].get.security).toEqual([]);
      expect(openapi.body.paths['/api/v1/internal/v1/revocations']).toBeUndefined();
    });

    it('serves probes outside the prefix and Prometheus metrics at /api/v1/metrics', async () => {
      expect((await call(url(), 'GET', '/healthz/live')).status).toBe(200);
      expect((await call(url(), 'GET', '/healthz/ready')).status).toBe(200);
      const metrics = await call(url(), 'GET', '/api/v1/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(metrics.text).toContain('http_request_duration_seconds_bucket');
      expect(metrics.text).toMatch(/http_request_duration_seconds_count\{service="auth",method="GET",route="\/api\/v1\/health",status="200"\}/);
      // one app in its process: its own series and the process's, which promtool finds clean
      expect(metrics.text).toContain('process_cpu_user_seconds_total');
      expect(metrics.text).toMatch(/^nodejs_active_handles\{type="[^"]+"\} \d+$/m);
      expect(promtoolProblems(metrics.text)).toBe('');
    });

    it('asks for the scrape token on metrics when METRICS_TOKEN is set', async () => {
      const guarded = await stack.startApp(AuthModule, 'auth', { METRICS_TOKEN: 'scrape-token-0123456789' });
      expectError(await call(guarded.url, 'GET', '/api/v1/metrics'), 401, 'HTTP_ERROR');
      expectError(await call(guarded.url, 'GET', '/api/v1/metrics', { headers: { authorization: 'Bearer wrong' } }), 401, 'HTTP_ERROR');
      const scraped = await call(guarded.url, 'GET', '/api/v1/metrics', { headers: { authorization: 'Bearer scrape-token-0123456789' } });
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain('http_request_duration_seconds');
    });

    it('hides the internal feed from callers without the internal token, and answers it raw', async () => {
      const internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
      expectError(await call(url(), 'GET', '/internal/v1/revocations'), 404, 'HTTP_ERROR');
      const withToken = await call(url(), 'GET', '/internal/v1/revocations', { headers: internal });
      expect(withToken.status).toBe(200);
      expect(Object.keys(withToken.body)).toEqual(['items', 'sessions']);
      expect(Array.isArray(withToken.body.items)).toBe(true);

      const query = `organizationId=${dev.organizationId}&workspaceId=${randomUUID()}&companyId=${randomUUID()}`;
      const access = await call(url(), 'GET', `/internal/v1/tenancy/access?${query}`, { headers: internal });
      expect(access.status).toBe(200);
      expect(access.body).toEqual({ allowed: false });
      expectError(await call(url(), 'GET', '/internal/v1/tenancy/access?organizationId=x', { headers: internal }), 400, 'VALIDATION_FAILED');
    });
  });

  describe('the pipeline on every response', () => {
    it('echoes a sent X-Request-Id, makes one otherwise, and sends secure headers', async () => {
      const echoed = await call(url(), 'GET', '/api/v1', { headers: { 'x-request-id': 'trace-abc-123' } });
      expect(echoed.headers.get('x-request-id')).toBe('trace-abc-123');
      const made = await call(url(), 'GET', '/api/v1/nowhere');
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(made.headers.get('x-content-type-options')).toBe('nosniff');
      expect(made.headers.get('x-frame-options')).toBe('DENY');
      expect(made.headers.get('strict-transport-security')).toContain('max-age=');
      expect(made.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(made.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(made.headers.get('cache-control')).toBe('no-store');
      // The headers that only mean something on HTML pages are not sent: no service serves HTML.
      for (const htmlOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'x-powered-by',
      ]) {
        expect(made.headers.has(htmlOnly)).toBe(false);
      }
      const jwks = await call(url(), 'GET', '/api/v1/.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
      expect(jwks.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers an unknown route with 404 HTTP_ERROR, localized by Accept-Language', async () => {
      const english = await call(url(), 'GET', '/api/v1/nowhere');
      expectError(english, 404, 'HTTP_ERROR');
      expect(english.body.message).toBe('The requested resource was not found.');
      const french = await call(url(), 'GET', '/api/v1/nowhere', { headers: { 'accept-language': 'fr-CM,fr;q=0.9' } });
      expectError(french, 404, 'HTTP_ERROR');
      expect(french.body.message).toBe('La ressource demandée est introuvable.');
    });

    it('refuses malformed JSON with VALIDATION_FAILED on errors.body, and bodies over 1 MiB with 413', async () => {
      const malformed = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { rawBody: '{"name": ' });
      expectError(malformed, 400, 'VALIDATION_FAILED');
      expect(malformed.body.errors.body).toEqual(['body must be valid JSON']);

      const huge = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'x'.repeat(1024 * 1024 + 10) } });
      expectError(huge, 413, 'HTTP_ERROR');
    });

    it('rejects unknown properties and lists field errors', async () => {
      const result = await dev.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: '', color: 'red' } });
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(result.body.errors).toEqual({ name: ['name should not be empty'], color: ['property color should not exist'] });
    });
  });

  describe('POST /api/v1/authorize/token', () => {
    it('exchanges a key and secret for a 15-minute ES256 token with a kid', async () => {
      const fresh = await stack.developer();
      const result = await stack.exchange(fresh.apiKey, fresh.apiSecret);
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        success: true,
        message: 'Access token issued.',
        data: { tokenType: 'Bearer', expiresIn: 900, plan: 'api-enterprise' },
      });
      const [header, payload] = result.body.data.accessToken
        .split('.')
        .slice(0, 2)
        .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
      expect(payload).toMatchObject({ platform_client_id: 'platform-developer', org: fresh.organizationId, sub: fresh.credentialId });
      expect(payload.exp - payload.iat).toBe(900);
      expect(JSON.stringify(payload)).not.toContain(fresh.apiKey);
      expect(Date.parse(result.body.data.expiresAt)).toBe(payload.exp * 1000);
    });

    it('refuses a wrong secret, an unknown key and missing headers with DEVELOPER_KEYS_INVALID', async () => {
      const fresh = await stack.developer();
      expectError(await stack.exchange(fresh.apiKey, fresh.apiSecret + 'x', undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      expectError(await stack.exchange('pk_sandbox_unknown', fresh.apiSecret, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      expectError(
        await call(url(), 'POST', '/api/v1/authorize/token', { headers: { 'x-platform-client-id': 'platform-developer', ...from() } }),
        401,
        'DEVELOPER_KEYS_INVALID',
      );
    });

    it('answers concurrent exchanges each for its own key and secret, when their lookups go together', async () => {
      const [first, second] = [await stack.developer(), await stack.developer()];
      const attempts = [
        ...Array.from({ length: 8 }, () => ({ dev: first, secret: first.apiSecret, expect: 200 })),
        ...Array.from({ length: 8 }, () => ({ dev: second, secret: second.apiSecret, expect: 200 })),
        { dev: first, secret: second.apiSecret, expect: 401 },
        { dev: second, secret: first.apiSecret, expect: 401 },
        { dev: { apiKey: 'pk_sandbox_nobody', organizationId: '', credentialId: '' }, secret: first.apiSecret, expect: 401 },
      ];
      const results = await Promise.all(attempts.map((attempt) => stack.exchange(attempt.dev.apiKey, attempt.secret, undefined, from())));
      results.forEach((result, i) => {
        const attempt = attempts[i];
        if (attempt.expect === 401) return expectError(result, 401, 'DEVELOPER_KEYS_INVALID');
        expect(result.status).toBe(200);
        expect(claimsOf(result.body.data.accessToken)).toMatchObject({ sub: attempt.dev.credentialId, org: attempt.dev.organizationId });
      });
      // every token minted is its own
      const jtis = results.filter((r) => r.status === 200).map((r) => claimsOf(r.body.data.accessToken).jti);
      expect(new Set(jtis).size).toBe(16);

      // asked in one turn, the lookups after the first two share statements: each still gets its own credential
      const credentials = stack.auth.app.get(CredentialsService);
      const checks = attempts.flatMap((attempt) => [attempt, attempt]);
      const verified = await Promise.all(checks.map((attempt) => credentials.verify(keyHashOf(attempt.dev.apiKey), attempt.secret)));
      verified.forEach((subject, i) => {
        const attempt = checks[i];
        if (attempt.expect === 401) return expect(subject).toBeNull();
        expect(subject).toMatchObject({
          credential: { id: attempt.dev.credentialId },
          organization: { id: attempt.dev.organizationId, plan: 'api-enterprise' },
        });
      });
    });

    it('refuses a missing or wrong client id with CLIENT_ID_INVALID', async () => {
      const fresh = await stack.developer();
      expectError(await stack.exchange(fresh.apiKey, fresh.apiSecret, 'someone-else'), 401, 'CLIENT_ID_INVALID');
      expectError(
        await call(url(), 'POST', '/api/v1/authorize/token', { headers: { 'x-platform-api-key': fresh.apiKey, 'x-platform-api-secret': fresh.apiSecret } }),
        401,
        'CLIENT_ID_INVALID',
      );
    });
  });

  describe('authentication of product calls', () => {
    let keys: SigningKeys;
    const claims = () => ({
      sub: dev.credentialId,
      org: dev.organizationId,
      platform_client_id: 'platform-developer',
      akh: 'x',
      plan: 'api-enterprise',
      rl: { b: 100, q: 1000 },
      pa: 1,
      scope: 'auth:read',
      sv: 1,
      jti: randomUUID(),
    });
    beforeAll(() => {
      keys = stack.auth.app.get(SigningKeys);
    });

    it('needs a Bearer token', async () => {
      expectError(await call(url(), 'GET', '/api/v1/authorize/current'), 401, 'AUTH_TOKEN_MISSING');
      expectError(
        await call(url(), 'GET', '/api/v1/authorize/current', { headers: { ...dev.headers(), authorization: 'Basic abc' } }),
        401,
        'AUTH_TOKEN_MISSING',
      );
    });

    it('refuses a forged, tampered or unsigned token', async () => {
      const [h, p, s] = dev.accessToken.split('.');
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), plan: 'x' })).toString('base64url')}.${s}`;
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: keys.kid })).toString('base64url')}.${p}.`;
      const hmacWithPublicKey = sign(claims(), keys.publicKeyPem, { algorithm: 'HS256', keyid: keys.kid, issuer: 'platform-auth', expiresIn: 60 });
      for (const token of [tampered, none, hmacWithPublicKey, 'a.b.c']) {
        expectError(
          await call(url(), 'GET', '/api/v1/authorize/current', { headers: dev.headers({ authorization: `Bearer ${token}` }) }),
          401,
          'AUTH_TOKEN_INVALID',
        );
      }
    });

    it('refuses an expired token with AUTH_TOKEN_EXPIRED', async () => {
      const expired = sign({ ...claims(), aud: 'sandbox', exp: Math.floor(Date.now() / 1000) - 60 }, keys.privateKey, {
        algorithm: 'ES256',
        keyid: keys.kid,
        issuer: 'platform-auth',
        header: { alg: 'ES256', typ: 'at+jwt', kid: keys.kid },
      });
      expectError(
        await call(url(), 'GET', '/api/v1/authorize/current', { headers: dev.headers({ authorization: `Bearer ${expired}` }) }),
        401,
        'AUTH_TOKEN_EXPIRED',
      );
    });

    it('needs the API key the token was minted for', async () => {
      const other = await stack.developer();
      expectError(
        await call(url(), 'GET', '/api/v1/authorize/current', {
          headers: { authorization: `Bearer ${dev.accessToken}`, 'x-platform-client-id': 'platform-developer' },
        }),
        401,
        'DEVELOPER_KEYS_INVALID',
      );
      expectError(
        await dev.call(stack.auth, 'GET', '/api/v1/authorize/current', { headers: { 'x-platform-api-key': other.apiKey } }),
        401,
        'DEVELOPER_KEYS_INVALID',
      );
    });

    it('needs X-Platform-Client-Id equal to the token claim', async () => {
      expectError(await dev.call(stack.auth, 'GET', '/api/v1/authorize/current', { headers: { 'x-platform-client-id': 'other' } }), 401, 'CLIENT_ID_INVALID');
    });

    it('needs the route’s scope', async () => {
      const reader = await stack.developer({ scopes: ['auth:read'] });
      expect((await reader.call(stack.auth, 'GET', '/api/v1/workspaces')).status).toBe(200);
      const denied = await reader.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'No' } });
      expectError(denied, 403, 'INSUFFICIENT_SCOPE');
      expect(denied.body.message).toContain('auth:write');
    });
  });

  describe('developer session', () => {
    it('returns the plan with rateLimits', async () => {
      const sandbox = await stack.developer({ plan: 'developer-sandbox', org: 'Sandbox Co' });
      const current = await sandbox.call(stack.auth, 'GET', '/api/v1/authorize/current');
      expect(current.status).toBe(200);
      expect(current.body.data).toMatchObject({
        organization: { id: sandbox.organizationId, name: 'Sandbox Co' },
        plan: { id: 'developer-sandbox', environment: 'sandbox' },
        rateLimits: { burstPerSecond: 5, monthlyQuota: 2000, webhookRetries: 50 },
        credential: { keyPrefix: sandbox.apiKey.slice(0, 16), environment: 'sandbox' },
      });
      expect(JSON.stringify(current.body)).not.toContain(sandbox.apiSecret);
    });

    it('returns negotiated enterprise limits of the organization', async () => {
      const enterprise = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 321, monthlyQuota: 4_000_000 });
      const current = await enterprise.call(stack.auth, 'GET', '/api/v1/authorize/current');
      expect(current.body.data.rateLimits).toEqual({ burstPerSecond: 321, monthlyQuota: 4_000_000, webhookRetries: null });
      expect(current.headers.get('ratelimit-policy')).toBe('321;w=1, 4000000;w=2592000');
    });

    it('counts usage for the current period per product', async () => {
      const counted = await stack.developer();
      for (let i = 0; i < 3; i++) await counted.call(stack.auth, 'GET', '/api/v1/workspaces');
      const usage = await counted.call(stack.auth, 'GET', '/api/v1/authorize/usage');
      expect(usage.status).toBe(200);
      expect(usage.body.data.apiRequests.byProduct).toMatchObject({ auth: 4, hr: 0, app: 0, payroll: 0, pay: 0, books: 0 });
      expect(usage.body.data.apiRequests.total).toBe(4);
      expect(usage.body.data.webhookRetries).toEqual({ used: 0, included: null, overage: 0 });
      expect(usage.body.data.fileLinkDownloads).toEqual({ used: 0 });
      const { start, end } = usage.body.data.period;
      expect(Date.parse(end) - Date.parse(start)).toBe(30 * 24 * 3600 * 1000);
      expect(Date.parse(start)).toBeLessThanOrEqual(Date.now());
    });

    it('rotates the secret: the new one is shown once, the old secret and old tokens stop at once', async () => {
      const rotating = await stack.developer();
      const oldToken = rotating.accessToken;
      // a credential created with the default scopes may rotate its secret
      expect((await rotating.call(stack.auth, 'GET', '/api/v1/authorize/current')).body.data.credential.scopes).toContain('credentials:write');
      const rotated = await rotating.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret');
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.data.apiSecret;
      expect(newSecret).toMatch(/^sk_sandbox_/);
      expect(newSecret).not.toBe(rotating.apiSecret);

      expectError(await stack.exchange(rotating.apiKey, rotating.apiSecret, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      expectError(await rotating.call(stack.auth, 'GET', '/api/v1/authorize/current'), 401, 'AUTH_TOKEN_INVALID');

      const renewed = await stack.exchange(rotating.apiKey, newSecret);
      expect(renewed.status).toBe(200);
      rotating.accessToken = renewed.body.data.accessToken;
      expect((await rotating.call(stack.auth, 'GET', '/api/v1/authorize/current')).status).toBe(200);
      expect(oldToken).not.toBe(rotating.accessToken);
    });

    it('rotates with a grace period: the old secret and its tokens keep working until it ends, then stop within the revocation bound', async () => {
      const rolling = await stack.developer();
      const oldToken = rolling.accessToken;
      const oldSecret = rolling.apiSecret;
      const rotated = await rolling.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret?graceSeconds=3');
      expect(rotated.status).toBe(200);
      const { apiSecret: newSecret, previousSecretExpiresAt, secretVersion } = rotated.body.data;
      expect(secretVersion).toBe(2);
      const graceEnds = Date.parse(previousSecretExpiresAt);
      expect(Math.abs(graceEnds - (Date.now() + 3000))).toBeLessThan(2000);

      // during the grace: the old token and the old secret still work, beside the new secret
      const during = await rolling.call(stack.auth, 'GET', '/api/v1/authorize/current');
      expect(during.status).toBe(200);
      expect(during.body.data.credential).toMatchObject({ name: 'Default key', keyLastFour: rolling.apiKey.slice(-4), previousSecretExpiresAt });
      const fromOld = await stack.exchange(rolling.apiKey, oldSecret, undefined, from());
      expect(fromOld.status).toBe(200);
      const fromNew = await stack.exchange(rolling.apiKey, newSecret, undefined, from());
      expect(fromNew.status).toBe(200);
      const current = (token: string) =>
        call(stack.auth.url, 'GET', '/api/v1/authorize/current', { headers: rolling.headers({ authorization: `Bearer ${token}` }) });
      expect((await current(fromOld.body.data.accessToken)).status).toBe(200);

      // once it ends: the old secret is refused, and every token it minted within the revocation bound (5 s)
      await sleep(Math.max(0, graceEnds - Date.now()) + 100);
      expectError(await stack.exchange(rolling.apiKey, oldSecret, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      await eventually(
        async () => (await current(oldToken)).status === 401 && (await current(fromOld.body.data.accessToken)).status === 401,
        5000,
        'the old secret’s tokens to be refused',
      );
      expectError(await current(oldToken), 401, 'AUTH_TOKEN_INVALID');
      const after = await current(fromNew.body.data.accessToken);
      expect(after.status).toBe(200);
      expect(after.body.data.credential.previousSecretExpiresAt).toBeNull();
      // its exchanges were noted, off their path
      await eventually(async () => (await current(fromNew.body.data.accessToken)).body.data.credential.lastUsedAt !== null, 5000, 'the key’s last use');
      expect((await stack.exchange(rolling.apiKey, newSecret, undefined, from())).status).toBe(200);
    });

    it('keeps one previous secret at most: rotating again during a grace stops the older secret at once', async () => {
      const rolling = await stack.developer();
      const first = rolling.apiSecret;
      const second = (await rolling.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret?graceSeconds=600')).body.data.apiSecret;
      const renewed = await stack.exchange(rolling.apiKey, second, undefined, from());
      rolling.accessToken = renewed.body.data.accessToken;
      const third = await rolling.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret?graceSeconds=600');
      expect(third.status).toBe(200);
      expect(third.body.data.secretVersion).toBe(3);
      expectError(await stack.exchange(rolling.apiKey, first, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      expect((await stack.exchange(rolling.apiKey, second, undefined, from())).status).toBe(200);
      expect((await stack.exchange(rolling.apiKey, third.body.data.apiSecret, undefined, from())).status).toBe(200);
      // no grace: the previous secret stops at once too
      const immediate = await rolling.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret?graceSeconds=0');
      expect(immediate.body.data.previousSecretExpiresAt).toBeNull();
      expectError(await stack.exchange(rolling.apiKey, third.body.data.apiSecret, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
      expectError(await stack.exchange(rolling.apiKey, second, undefined, from()), 401, 'DEVELOPER_KEYS_INVALID');
    });

    it.each(['86401', '-1', '1.5', 'soon'])('refuses a grace period of %s seconds', async (grace) => {
      const rolling = await stack.developer();
      expectError(await rolling.call(stack.auth, 'POST', `/api/v1/authorize/rotate-secret?graceSeconds=${grace}`), 400, 'VALIDATION_FAILED');
      // nothing changed: the secret still exchanges
      expect((await stack.exchange(rolling.apiKey, rolling.apiSecret, undefined, from())).status).toBe(200);
    });

    it('needs credentials:write to rotate the secret: a credential narrowed to hr:read cannot lock its owner out', async () => {
      const narrowed = await stack.developer({ scopes: ['hr:read'] });
      const denied = await narrowed.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret');
      expectError(denied, 403, 'INSUFFICIENT_SCOPE');
      expect(denied.body.details).toEqual({ requiredScope: 'credentials:write' });
      expect(denied.body.message).toContain('credentials:write');
      expect((await stack.exchange(narrowed.apiKey, narrowed.apiSecret)).status).toBe(200);
      expect((await narrowed.call(stack.auth, 'GET', '/api/v1/authorize/current')).status).toBe(200);
    });

    it('gives credentials:write to credentials created with every scope before it existed, not to narrowed ones', async () => {
      const before = [
        'auth:read',
        'auth:write',
        'hr:read',
        'hr:write',
        'app:read',
        'app:write',
        'payroll:read',
        'payroll:write',
        'pay:read',
        'pay:write',
        'books:read',
        'books:write',
      ];
      const [everything, narrowed] = [await stack.developer(), await stack.developer({ scopes: ['hr:read', 'hr:write'] })];
      const dataSource = stack.auth.app.get(DataSource);
      await dataSource.query('UPDATE auth.developer_credentials SET scopes = $1 WHERE id = $2', [before.join(' '), everything.credentialId]);
      const rotate = async (developer: Developer) => {
        developer.accessToken = (await stack.exchange(developer.apiKey, developer.apiSecret)).body.data.accessToken;
        return developer.call(stack.auth, 'POST', '/api/v1/authorize/rotate-secret');
      };
      expectError(await rotate(everything), 403, 'INSUFFICIENT_SCOPE');

      const runner = dataSource.createQueryRunner();
      try {
        await new CredentialsWriteScope1795704218951().up(runner);
      } finally {
        await runner.release();
      }
      const rows: { id: string; scopes: string }[] = await dataSource.query('SELECT id, scopes FROM auth.developer_credentials WHERE id = ANY($1::uuid[])', [
        [everything.credentialId, narrowed.credentialId],
      ]);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.scopes]))).toEqual({
        [everything.credentialId]: [...before, 'credentials:write'].join(' '),
        [narrowed.credentialId]: 'hr:read hr:write',
      });
      expect((await rotate(everything)).status).toBe(200);
      expectError(await rotate(narrowed), 403, 'INSUFFICIENT_SCOPE');
    });
  });

  describe('workspaces and client companies', () => {
    it('creates and lists workspaces and their companies, paginated', async () => {
      const owner = await stack.developer();
      const created = await owner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Partners' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ success: true, data: { name: 'Partners', organizationId: owner.organizationId } });
      const workspaceId = created.body.data.id;

      for (const name of ['Alpha SARL', 'Beta SA', 'Gamma SARL']) {
        const company = await owner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspaceId}/companies`, { body: { name, country: 'CM' } });
        expect(company.status).toBe(201);
        expect(company.body.data).toMatchObject({ name, country: 'CM', workspaceId });
      }
      const page = await owner.call(stack.auth, 'GET', `/api/v1/workspaces/${workspaceId}/companies?page=2&limit=2`);
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ page: 2, limit: 2, total: 3 });
      expect(page.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Gamma SARL']);

      const list = await owner.call(stack.auth, 'GET', '/api/v1/workspaces');
      expect(list.body.data).toMatchObject({ total: 1, items: [{ id: workspaceId }] });
    });

    it('hides another organization’s workspace as WORKSPACE_NOT_FOUND', async () => {
      const owner = await stack.developer();
      const intruder = await stack.developer();
      const workspace = await owner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'Private' } });
      const path = `/api/v1/workspaces/${workspace.body.data.id}/companies`;
      expectError(await intruder.call(stack.auth, 'GET', path), 404, 'WORKSPACE_NOT_FOUND');
      expectError(await intruder.call(stack.auth, 'POST', path, { body: { name: 'Mine now' } }), 404, 'WORKSPACE_NOT_FOUND');
      expectError(await owner.call(stack.auth, 'GET', '/api/v1/workspaces/not-a-uuid/companies'), 404, 'WORKSPACE_NOT_FOUND');
      expect((await intruder.call(stack.auth, 'GET', '/api/v1/workspaces')).body.data.total).toBe(0);
    });

    it('validates bodies and bounds pagination', async () => {
      const owner = await stack.developer();
      const workspace = await owner.call(stack.auth, 'POST', '/api/v1/workspaces', { body: { name: 'W' } });
      const bad = await owner.call(stack.auth, 'POST', `/api/v1/workspaces/${workspace.body.data.id}/companies`, { body: { name: 'C', country: 'XX1' } });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(Object.keys(bad.body.errors)).toEqual(['country']);
      const tooMany = await owner.call(stack.auth, 'GET', '/api/v1/workspaces?limit=1000');
      expectError(tooMany, 400, 'VALIDATION_FAILED');
      expect(tooMany.body.errors.limit).toBeDefined();
      expectError(await owner.call(stack.auth, 'GET', '/api/v1/workspaces?page=0'), 400, 'VALIDATION_FAILED');
    });
  });
});
