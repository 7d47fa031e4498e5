import { quotaPeriodBounds, RateLimitStore, WEBHOOK_RETRIES } from '@platform/common';
import { AuthModule } from '../apps/auth/src/auth.module';
import { CredentialsService } from '../apps/auth/src/credentials/credentials.service';
import { HrModule } from '../apps/hr/src/hr.module';
import { call, HttpResult, sleep } from './support/http';
import { Developer, expectError, RunningApp, TestStack } from './support/stack';

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
