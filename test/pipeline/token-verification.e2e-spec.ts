import { sign, SignOptions } from 'jsonwebtoken';
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, randomUUID, sign as signBytes } from 'node:crypto';
import { ServiceName } from '@platform/contracts';
import { AuthModule } from '../../apps/auth/src/auth.module';
import { CredentialsService } from '../../apps/auth/src/credentials/credentials.service';
import { SigningKeys } from '../../apps/auth/src/tokens/signing-keys.service';
import { HrModule } from '../../apps/hr/src/hr.module';
import { call, HttpResult, sleep } from '@test/support/http';
import { PRODUCT_APPS } from '@test/support/products';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/** An authenticated GET each service answers 200 to a valid token. */
const PROBES: Record<ServiceName, string> = {
  auth: '/api/v1/authorize/current',
  hr: '/api/v1/hr/employees',
  utilities: '/api/v1/app/notifications/preferences',
  payroll: '/api/v1/payroll/runs',
  pay: '/api/v1/pay/wallets',
  books: '/api/v1/books/accounts',
};
const JWKS_PATH = '/api/v1/.well-known/jwks.json';
const MIN_REFRESH_MS = 1500;

/**
 * Auth as the other services reach it, through a proxy on loopback that counts the JWKS reads and
 * can refuse them, as an auth that is away would.
 */
class AuthProxy {
  jwksReads = 0;
  refuseJwks = false;
  private server!: Server;
  url = '';

  static async start(target: string): Promise<AuthProxy> {
    const proxy = new AuthProxy();
    const upstream = new URL(target);
    proxy.server = createServer((incoming, outgoing) => {
      if (incoming.url === JWKS_PATH) {
        proxy.jwksReads++;
        if (proxy.refuseJwks) return void outgoing.writeHead(503).end();
      }
      const forwarded = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    return proxy;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
const segment = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('token verification on every service', () => {
  let stack: TestStack;
  let proxy: AuthProxy;
  let dev: Developer;
  let keys: SigningKeys;
  const apps = {} as Record<ServiceName, RunningApp>;

  /** The developer's own claims, changed as given, signed with auth's key: a token auth could have minted. */
  const minted = (changes: Record<string, unknown> = {}, header: Record<string, unknown> = {}, options: SignOptions = {}) => {
    const claims = { ...claimsOf(dev.accessToken), jti: randomUUID(), ...changes };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
    return sign(claims, keys.privateKey, {
      algorithm: 'ES256',
      keyid: keys.kid,
      header: { alg: 'ES256', typ: 'at+jwt', kid: keys.kid, ...header },
      ...options,
    });
  };
  const probe = (service: ServiceName, token: string, app: RunningApp = apps[service]): Promise<HttpResult> =>
    call(app.url, 'GET', PROBES[service], { headers: dev.headers({ authorization: `Bearer ${token}` }) });
  const everyService = async (token: string) => {
    const answers = await Promise.all((Object.keys(PROBES) as ServiceName[]).map(async (service) => [service, (await probe(service, token)).status] as const));
    return Object.fromEntries(answers);
  };
  const allOk = Object.fromEntries(Object.keys(PROBES).map((service) => [service, 200]));

  beforeAll(async () => {
    stack = await TestStack.start({ env: { JWKS_MIN_REFRESH_MS: String(MIN_REFRESH_MS) } });
    proxy = await AuthProxy.start(stack.auth.url);
    apps.auth = stack.auth;
    for (const [module, name] of PRODUCT_APPS) apps[name] = await stack.startApp(module, name, { AUTH_URL: proxy.url });
    dev = await stack.developer();
    keys = stack.auth.app.get(SigningKeys);
  }, 120_000);
  afterAll(async () => {
    await stack.stop();
    await proxy.close();
  });

  it('answers 1,000 forged tokens with random kids 401 from the keys it holds, reading the JWKS a bounded number of times, while valid tokens pass everywhere', async () => {
    const attacker = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const services = Object.keys(PROBES) as ServiceName[];
    const readsBefore = proxy.jwksReads;
    const startedAt = Date.now();
    const forgedAnswers = new Map<string, number>();
    for (let batch = 0; batch < 20; batch++) {
      const forged = Array.from({ length: 50 }, (_, i) => {
        const kid = randomBytes(12).toString('base64url');
        const forgedToken = sign({ ...claimsOf(dev.accessToken), jti: randomUUID() }, attacker, {
          algorithm: 'ES256',
          keyid: kid,
          header: { alg: 'ES256', typ: 'at+jwt', kid },
        });
        return probe(services[(batch * 50 + i) % services.length], forgedToken);
      });
      const [valid, ...answers] = await Promise.all([everyService(dev.accessToken), ...forged]);
      expect(valid).toEqual(allOk);
      for (const answer of answers) {
        const key = `${answer.status} ${answer.body.code}`;
        forgedAnswers.set(key, (forgedAnswers.get(key) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(forgedAnswers)).toEqual({ '401 AUTH_TOKEN_INVALID': 1000 });
    // Five services read auth's JWKS through the proxy; each may read once per interval at most.
    const elapsed = Date.now() - startedAt;
    const reads = proxy.jwksReads - readsBefore;
    expect(reads).toBeLessThanOrEqual(5 * (Math.ceil(elapsed / MIN_REFRESH_MS) + 1));
    expect(reads).toBeLessThan(100);
  });

  it('keeps verifying with the last good keys when the JWKS cannot be read', async () => {
    proxy.refuseJwks = true;
    try {
      await sleep(MIN_REFRESH_MS + 100);
      const readsBefore = proxy.jwksReads;
      const unknownKid = minted({}, { kid: 'retired-key' }, { keyid: 'retired-key' });
      for (const service of ['hr', 'pay'] as const) expectError(await probe(service, unknownKid), 401, 'AUTH_TOKEN_INVALID');
      expect(proxy.jwksReads).toBeGreaterThan(readsBefore);
      expect(await everyService(minted())).toEqual(allOk);
    } finally {
      proxy.refuseJwks = false;
    }
  });

  it('gives each service its own verifier: one that never read the keys answers 503, the others are untouched, and it recovers', async () => {
    proxy.refuseJwks = true;
    const isolated = await AuthProxy.start(stack.auth.url);
    isolated.refuseJwks = true;
    let late: RunningApp | undefined;
    try {
      // Started last, so that a verifier shared through passport's registry would be this one.
      late = await stack.startApp(HrModule, 'hr', { AUTH_URL: isolated.url, JWKS_MIN_REFRESH_MS: String(MIN_REFRESH_MS) });
      const readsBefore = isolated.jwksReads;
      const answers = await Promise.all(Array.from({ length: 100 }, () => probe('hr', minted(), late)));
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.code}`))).toEqual(new Set(['503 UPSTREAM_UNAVAILABLE']));
      expect(isolated.jwksReads - readsBefore).toBeLessThanOrEqual(2);
      expect(await everyService(minted())).toEqual(allOk);

      isolated.refuseJwks = false;
      await sleep(MIN_REFRESH_MS + 100);
      expect((await probe('hr', minted(), late)).status).toBe(200);
    } finally {
      proxy.refuseJwks = false;
      await late?.close();
      await isolated.close();
    }
  });

  it('refuses a token whose header names a critical extension, even one signed by auth (RFC 7515 §4.1.11)', async () => {
    for (const crit of [['x-unknown'], ['b64'], ['exp'], []]) {
      const token = minted({}, { crit, ...Object.fromEntries(crit.map((name) => [name, 1])) });
      for (const service of ['auth', 'hr'] as const) expectError(await probe(service, token), 401, 'AUTH_TOKEN_INVALID');
    }
  });

  it('takes only access tokens typed at+jwt (RFC 9068, RFC 8725 §3.11)', async () => {
    for (const typ of ['JWT', 'jwt', 'id+jwt', 'secevent+jwt', undefined]) {
      const token = minted({}, { typ });
      for (const service of ['auth', 'books'] as const) expectError(await probe(service, token), 401, 'AUTH_TOKEN_INVALID');
    }
    expect((await probe('books', minted({}, { typ: 'application/at+jwt' }))).status).toBe(200);
    expect(JSON.parse(Buffer.from(dev.accessToken.split('.')[0], 'base64url').toString())).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: keys.kid });
  });

  it('refuses a token issued more than 60 s ahead of the service’s clock', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const service of ['auth', 'utilities'] as const) {
      expectError(await probe(service, minted({ iat: now + 120, exp: now + 900 })), 401, 'AUTH_TOKEN_INVALID');
      expectError(await probe(service, minted({ iat: undefined }, {}, { noTimestamp: true })), 401, 'AUTH_TOKEN_INVALID');
      expect((await probe(service, minted({ iat: now + 30 }))).status).toBe(200);
    }
  });

  it('refuses a token minted for another environment, or for none', async () => {
    expect(claimsOf(dev.accessToken).aud).toBe('sandbox');
    for (const aud of ['production', undefined, ['production'], 'Sandbox']) {
      for (const service of ['auth', 'payroll'] as const) expectError(await probe(service, minted({ aud })), 401, 'AUTH_TOKEN_INVALID');
    }
  });

  it('never answers 5xx to anything sent as the Authorization header', async () => {
    const [header, payload, signature] = dev.accessToken.split('.');
    /** Signed with auth's own key, so only the content can refuse it. */
    const signedByAuth = (head: string, body: string) =>
      `${head}.${body}.${signBytes('sha256', Buffer.from(`${head}.${body}`), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    const goodHeader = segment({ alg: 'ES256', typ: 'at+jwt', kid: keys.kid });
    const random = (length: number) => randomBytes(length).toString('base64url');
    const values: string[] = [
      signedByAuth(goodHeader, segment('not json')),
      signedByAuth(goodHeader, segment('"a string"')),
      signedByAuth(goodHeader, segment('[1,2]')),
      signedByAuth(goodHeader, segment('null')),
      signedByAuth(goodHeader, segment('{"sub":')),
      signedByAuth(segment('not json'), payload),
      signedByAuth(segment('[]'), payload),
      `${segment('not json')}.${payload}.${signature}`,
      `${header}.${segment('not json')}.${signature}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.${random(10)}`,
      `${header}.${payload}.${signature}.${random(10)}.${random(10)}`,
      `${header}.${random(6000)}.${signature}`,
      `${random(6000)}.${payload}.${signature}`,
      `${header}.${payload}.${random(6000)}`,
      '...',
      '.',
      `${header}..`,
      '\u00e9\u00e8.\u00ff.\u00a0',
    ];
    for (let i = 0; i < 60; i++) {
      const segments = 3 + (i % 3);
      values.push(
        Array.from({ length: segments }, () =>
          randomBytes(1 + Math.floor(Math.random() * 400))
            .toString(i % 2 ? 'base64url' : 'latin1')
            .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, 'x'),
        ).join('.'),
      );
    }
    // Control characters never reach the services: Node's HTTP parser refuses them with 400.
    // UTF-8 bytes as a raw client sends them
    values.push(Buffer.from(`${header}.ünïcødé✓.${signature}`, 'utf8').toString('latin1'));

    const statuses = new Map<string, number>();
    for (const value of values) {
      for (const service of ['auth', 'hr'] as const) {
        const answer = await rawGet(apps[service].url + PROBES[service], { ...dev.headers(), authorization: `Bearer ${value}` });
        expect(answer.status).toBeLessThan(500);
        const key = `${answer.status} ${answer.code}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }
    expect([...statuses.keys()].every((key) => /^401 AUTH_TOKEN_(INVALID|MISSING)$/.test(key))).toBe(true);
    expect(statuses.get('401 AUTH_TOKEN_INVALID')).toBeGreaterThan(values.length);
  });
});

/** A GET with header values sent byte for byte (latin1), as fetch would refuse to. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        let code: string | undefined;
        try {
          code = JSON.parse(Buffer.concat(chunks).toString()).code;
        } catch {
          code = undefined;
        }
        resolve({ status: response.statusCode ?? 0, code });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('environments', () => {
  let sandbox: TestStack;
  let production: RunningApp;
  let productionHr: RunningApp;

  beforeAll(async () => {
    sandbox = await TestStack.start();
    // A production auth on the same store, misconfigured with the sandbox's issuer and signing key (same DATA_DIR).
    production = await sandbox.startApp(AuthModule, 'auth', { PLATFORM_ENVIRONMENT: 'production' });
    productionHr = await sandbox.startApp(HrModule, 'hr', { PLATFORM_ENVIRONMENT: 'production', AUTH_URL: production.url });
  }, 60_000);
  afterAll(() => sandbox.stop());

  const exchangeAt = (app: RunningApp, apiKey: string, apiSecret: string) =>
    call(app.url, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': apiKey, 'x-platform-api-secret': apiSecret, 'x-platform-client-id': 'platform-developer' },
    });

  it('issues keys of the deployment’s environment, on any plan but the free one in production', async () => {
    const sandboxKeys = await sandbox.auth.app.get(CredentialsService).createDeveloper({ organizationName: 'S', plan: 'api-business' });
    expect(sandboxKeys.apiKey).toMatch(/^pk_sandbox_/);
    expect(sandboxKeys.apiSecret).toMatch(/^sk_sandbox_/);
    const productionKeys = await production.app.get(CredentialsService).createDeveloper({ organizationName: 'P', plan: 'api-business' });
    expect(productionKeys.apiKey).toMatch(/^pk_production_/);
    await expect(production.app.get(CredentialsService).createDeveloper({ organizationName: 'F', plan: 'developer-sandbox' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      options: { errors: { plan: ['the developer-sandbox plan is for the sandbox environment only'] } },
    });
  });

  it('refuses a key of the other environment at exchange, saying why', async () => {
    const sandboxKeys = await sandbox.auth.app.get(CredentialsService).createDeveloper({ organizationName: 'S2', plan: 'developer-sandbox' });
    const productionKeys = await production.app.get(CredentialsService).createDeveloper({ organizationName: 'P2', plan: 'api-starter' });

    const wrongWay = await exchangeAt(production, sandboxKeys.apiKey, sandboxKeys.apiSecret);
    expectError(wrongWay, 401, 'DEVELOPER_KEYS_INVALID');
    expect(wrongWay.body.message).toBe('This API key belongs to the sandbox environment; this deployment serves production.');
    const otherWay = await exchangeAt(sandbox.auth, productionKeys.apiKey, productionKeys.apiSecret);
    expectError(otherWay, 401, 'DEVELOPER_KEYS_INVALID');
    expect(otherWay.body.message).toBe('This API key belongs to the production environment; this deployment serves sandbox.');

    expect((await exchangeAt(sandbox.auth, sandboxKeys.apiKey, sandboxKeys.apiSecret)).status).toBe(200);
    expect((await exchangeAt(production, productionKeys.apiKey, productionKeys.apiSecret)).status).toBe(200);
  });

  it('refuses a token of the other environment on every service, even with one issuer and one key', async () => {
    const productionKeys = await production.app.get(CredentialsService).createDeveloper({ organizationName: 'P3', plan: 'api-starter' });
    const token = (await exchangeAt(production, productionKeys.apiKey, productionKeys.apiSecret)).body.data.accessToken as string;
    expect(claimsOf(token).aud).toBe('production');
    const headers = { authorization: `Bearer ${token}`, 'x-platform-api-key': productionKeys.apiKey, 'x-platform-client-id': 'platform-developer' };
    expect((await call(productionHr.url, 'GET', PROBES.hr, { headers })).status).toBe(200);
    expect((await call(production.url, 'GET', PROBES.auth, { headers })).status).toBe(200);
    const sandboxHr = await sandbox.startApp(HrModule, 'hr');
    expectError(await call(sandboxHr.url, 'GET', PROBES.hr, { headers }), 401, 'AUTH_TOKEN_INVALID');
    expectError(await call(sandbox.auth.url, 'GET', PROBES.auth, { headers }), 401, 'AUTH_TOKEN_INVALID');
  });
});
