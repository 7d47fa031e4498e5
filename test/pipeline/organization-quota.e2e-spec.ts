import { quotaPeriodBounds, RateLimitStore, WEBHOOK_RETRIES } from '@platform/pipeline';
import { AuthModule } from '../../apps/auth/src/auth.module';
import { CredentialsService } from '../../apps/auth/src/credentials/credentials.service';
import { HrModule } from '../../apps/hr/src/hr.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { call, HttpResult, sleep } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/** Another key of the developer's organization, with a token. */
async function secondKey(stack: TestStack, developer: Developer): Promise<Developer> {
  const issued = await stack.auth.app.get(CredentialsService).createCredential(developer.organizationId, { name: 'second' });
  const token = await stack.exchange(issued.apiKey, issued.apiSecret);
  expect(token.status).toBe(200);
  return new Developer(stack, developer.organizationId, issued.credentialId, issued.apiKey, issued.apiSecret, token.body.data.accessToken);
}

/** Polls until `done` holds, at most 20 s. */
async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const statuses = (results: HttpResult[]) => results.map((result) => result.status).sort();

describe.each([
  ['Redis', true],
  ['in-process', false],
])('an organization’s keys share its limits (%s store)', (_store, redis) => {
  let stack: TestStack;
  let hr: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start({ redis });
    hr = await stack.startApp(HrModule, 'hr');
  });
  afterAll(() => stack.stop());

  it('counts the burst and the monthly quota of all its keys together, and each key reads the organization’s usage', async () => {
    const first = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 5, monthlyQuota: 8 });
    const second = await secondKey(stack, first);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).call(hr, 'GET', '/api/v1/hr/employees')));
    expect(statuses(burst)).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    for (const limited of burst.filter((result) => result.status === 429)) expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');

    await sleep(1100);
    for (const key of [first, first, second]) expect((await key.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    for (const key of [second, first]) {
      const over = await key.call(hr, 'GET', '/api/v1/hr/employees');
      expectError(over, 429, 'QUOTA_EXCEEDED');
      expect(over.headers.get('ratelimit-policy')).toBe('5;w=1, 8;w=2592000');
    }

    for (const key of [first, second]) {
      const usage = await key.call(stack.auth, 'GET', '/api/v1/authorize/usage');
      // hr's 8, and auth's own: these reads
      expect(usage.body.data.apiRequests.byProduct).toMatchObject({ hr: 8, auth: key === first ? 1 : 2 });
      expect(usage.body.data.apiRequests).toMatchObject({ total: key === first ? 9 : 10, monthlyQuotaPerProduct: 8 });
    }
    const person = await stack.person(first.organizationId, 'viewer');
    const path = `/api/v1/account/organizations/${first.organizationId}/usage`;
    const shown = await call(stack.auth.url, 'GET', path, { headers: await person.sessionHeader('GET', path) });
    expect(shown.body.data.quota).toMatchObject({ monthlyQuotaPerProduct: 8 });
    expect(shown.body.data.quota.byProduct.hr).toEqual({ used: 8, remaining: 0 });
  });

  it('keeps, through a release that counts per organization, what its keys counted of the period before it', async () => {
    const first = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 100, monthlyQuota: 10 });
    const second = await secondKey(stack, first);
    const createdAt = (await first.call(stack.auth, 'GET', '/api/v1/authorize/current')).body.data.organization.createdAt;
    const period = quotaPeriodBounds(Math.floor(Date.parse(createdAt) / 1000));
    // what the release before counted: per key
    const store = stack.auth.app.get(RateLimitStore);
    await store.countUsage(first.credentialId, period.index, period.endMs, 'hr', 4);
    await store.countUsage(second.credentialId, period.index, period.endMs, 'hr', 3);
    await store.countUsage(second.credentialId, period.index, period.endMs, WEBHOOK_RETRIES, 2);

    // the new release's auth starts, and adds them to the organization's counters
    const rolled = await stack.startApp(AuthModule, 'auth');
    try {
      await until(async () => (await store.usage([first.credentialId, second.credentialId], period.index)).hr === undefined, 'the keys’ counters folded');
    } finally {
      await rolled.close();
    }
    const usage = (await second.call(stack.auth, 'GET', '/api/v1/authorize/usage')).body.data;
    expect(usage.apiRequests.byProduct.hr).toBe(7);
    expect(usage.webhookRetries.used).toBe(2);
    for (let i = 0; i < 3; i++) expect((await first.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    expectError(await second.call(hr, 'GET', '/api/v1/hr/employees'), 429, 'QUOTA_EXCEEDED');
  });
});

describe('people are metered by their organization’s plan', () => {
  let stack: TestStack;
  let utilities: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    utilities = await stack.startApp(UtilitiesModule, 'utilities');
  });
  afterAll(() => stack.stop());

  /** `count` requests of a person at once, each with its own session header (minted first). */
  async function together(person: Awaited<ReturnType<TestStack['person']>>, app: RunningApp, path: string, count: number): Promise<HttpResult[]> {
    const headers = await Promise.all(Array.from({ length: count }, () => person.sessionHeader('GET', path)));
    return Promise.all(headers.map((sessionHeaders) => call(app.url, 'GET', path, { headers: sessionHeaders })));
  }

  it('takes a burst of their own at the plan’s rate on routes keys serve too, and the organization’s quota there', async () => {
    const sandbox = await stack.developer({ plan: 'developer-sandbox' });
    const person = await stack.person(sandbox.organizationId, 'developer');
    const path = '/api/v1/app/webhooks/endpoints';
    const burst = await together(person, utilities, path, 8);
    expect(statuses(burst)).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
    for (const limited of burst.filter((result) => result.status === 429)) {
      expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    }
    expect(burst.find((result) => result.status === 200)!.headers.get('ratelimit-policy')).toBe('5;w=1, 2000;w=2592000');
    // the organization's keys have a burst of their own
    expect((await sandbox.call(utilities, 'GET', path)).status).toBe(200);

    const metered = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 50, monthlyQuota: 3 });
    const member = await stack.person(metered.organizationId, 'viewer');
    for (let i = 0; i < 2; i++) expect((await metered.call(utilities, 'GET', path)).status).toBe(200);
    const last = (await together(member, utilities, path, 1))[0];
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expectError((await together(member, utilities, path, 1))[0], 429, 'QUOTA_EXCEEDED');
    expectError(await metered.call(utilities, 'GET', path), 429, 'QUOTA_EXCEEDED');
  });

  it('takes the burst alone on the organization’s own pages, and no plan limit on the person’s own account', async () => {
    const sandbox = await stack.developer({ plan: 'developer-sandbox' });
    const person = await stack.person(sandbox.organizationId, 'owner');
    const keys = `/api/v1/account/organizations/${sandbox.organizationId}/keys`;
    const burst = await together(person, stack.auth, keys, 8);
    expect(statuses(burst)).toEqual([...Array(5).fill(200), ...Array(3).fill(429)]);
    for (const limited of burst.filter((result) => result.status === 429)) expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');
    expect(burst.find((result) => result.status === 200)!.headers.get('ratelimit-policy')).toBe('5;w=1');

    const own = await together(person, stack.auth, '/api/v1/account/me', 12);
    expect(statuses(own)).toEqual(Array(12).fill(200));
    expect(own[0].headers.get('ratelimit-policy')).toBeNull();

    // an organization whose keys spent their quota of auth: its owner still reads its usage and keys
    const spent = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 50, monthlyQuota: 1 });
    expect((await spent.call(stack.auth, 'GET', '/api/v1/authorize/current')).status).toBe(200);
    expectError(await spent.call(stack.auth, 'GET', '/api/v1/authorize/current'), 429, 'QUOTA_EXCEEDED');
    const owner = await stack.person(spent.organizationId, 'owner');
    const usage = `/api/v1/account/organizations/${spent.organizationId}/usage`;
    const read = (await together(owner, stack.auth, usage, 1))[0];
    expect(read.status).toBe(200);
    expect(read.body.data.quota.byProduct.auth).toEqual({ used: 1, remaining: 0 });
  });
});
