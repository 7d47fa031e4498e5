import Redis from 'ioredis';
import { HrModule } from '../src/hr.module';
import { REDIS_URL } from '@test/support/database';
import { HttpResult, sleep } from '@test/support/http';
import { expectError, RunningApp, TestStack } from '@test/support/stack';

describe('plan throttling across replicas (Redis)', () => {
  let stack: TestStack;
  let first: RunningApp;
  let second: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    first = await stack.startApp(HrModule, 'hr');
    second = await stack.startApp(HrModule, 'hr');
  });
  afterAll(() => stack.stop());

  /** How many admissions of the organization's hr burst set came from leases (members `<time>:<replica>:<sequence>:<n>`). */
  async function leaseMembers(organizationId: string): Promise<number> {
    const redis = new Redis(REDIS_URL);
    try {
      const members = await redis.zrange(`${stack.redisPrefix}rl:burst:${organizationId}:hr`, 0, -1);
      return members.filter((member) => member.split(':').length === 4).length;
    } finally {
      redis.disconnect();
    }
  }

  it('admits at most the sandbox burst of 5 per second across two instances', async () => {
    const sandbox = await stack.developer({ plan: 'developer-sandbox' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => sandbox.call(i % 2 ? first : second, 'GET', '/api/v1/hr/employees')));
    const admitted = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(admitted).toHaveLength(5);
    expect(limited).toHaveLength(15);
    for (const result of limited) {
      expectError(result, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Number(result.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(result.headers.get('ratelimit-remaining')).toBe('0');
    }
    for (const result of admitted) {
      expect(result.headers.get('ratelimit-limit')).toBe('5');
      expect(Number(result.headers.get('ratelimit-remaining'))).toBeLessThan(5);
      expect(result.headers.get('ratelimit-policy')).toBe('5;w=1, 2000;w=2592000');
    }
  });

  it('keeps each organization to its own burst when their checks go to Redis together', async () => {
    const developers = await Promise.all([1, 2, 3].map(() => stack.developer({ plan: 'developer-sandbox' })));
    const results = await Promise.all(
      Array.from({ length: 36 }, (_, i) =>
        developers[i % 3].call(i % 2 ? first : second, 'GET', '/api/v1/hr/employees').then((r) => ({ developer: i % 3, status: r.status })),
      ),
    );
    for (const index of [0, 1, 2]) {
      const own = results.filter((r) => r.developer === index);
      expect(own.filter((r) => r.status === 200)).toHaveLength(5);
      expect(own.filter((r) => r.status === 429)).toHaveLength(7);
    }
  });

  it('answers 503 UPSTREAM_UNAVAILABLE, admitting nothing, when Redis cannot be reached', async () => {
    const cut = await stack.startApp(HrModule, 'hr', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const developer = await stack.developer();
      const result = await developer.call(cut, 'GET', '/api/v1/hr/employees');
      expectError(result, 503, 'UPSTREAM_UNAVAILABLE');
      expect(JSON.stringify(result.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|redis/i);
    } finally {
      await cut.close();
    }
  });

  it('keeps to the burst under a steady flood, second after second', async () => {
    const sandbox = await stack.developer({ plan: 'developer-sandbox' });
    const admittedAt: number[] = [];
    const started = Date.now();
    const pending: Promise<void>[] = [];
    let i = 0;
    while (Date.now() - started < 2500) {
      const target = i++ % 2 ? first : second;
      pending.push(
        sandbox.call(target, 'GET', '/api/v1/hr/employees').then((r: HttpResult) => void (r.status === 200 && admittedAt.push(Date.now() - started))),
      );
      await sleep(20);
    }
    await Promise.all(pending);
    // about 125 sent on an idle machine, fewer when timers run late under load: at least twice what the burst can admit
    expect(i).toBeGreaterThan(30);
    // a sliding one-second window admits 5: 2.5 s of flood admits between 10 and 15
    expect(admittedAt.length).toBeGreaterThanOrEqual(10);
    expect(admittedAt.length).toBeLessThanOrEqual(15);
  });

  it('stops a credential at its monthly quota with QUOTA_EXCEEDED, per product', async () => {
    const metered = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 100, monthlyQuota: 3 });
    for (let n = 0; n < 3; n++) expect((await metered.call(first, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    const over = await metered.call(second, 'GET', '/api/v1/hr/employees');
    expectError(over, 429, 'QUOTA_EXCEEDED');
    expect(over.headers.get('ratelimit-limit')).toBe('3');
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(86_400);
    // auth is another product with its own quota
    expect((await metered.call(stack.auth, 'GET', '/api/v1/authorize/usage')).body.data.apiRequests.byProduct.hr).toBe(3);
  });

  it('leases admissions to a busy credential, keeping its burst across instances and its usage exact', async () => {
    const busy = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 200, monthlyQuota: 1_000_000 });
    const calls: { sent: number; received: number; status: number }[] = [];
    const started = performance.now();
    // at least 2.2 s, and more calls than 2.2 s could admit at 200 a second (600: at most one burst per
    // 1,000 ms window), so that the limiter, not the client, decides what gets in; a slow machine (about
    // 580 calls in 2.2 s on a loaded one, 2,000 on a fast one) floods for longer
    const flooding = () => performance.now() - started < 8000 && (performance.now() - started < 2200 || calls.length <= 600);
    await Promise.all(
      Array.from({ length: 24 }, async (_, loop) => {
        for (let i = 0; flooding(); i++) {
          const sent = performance.now();
          const result = await busy.call((loop + i) % 2 ? first : second, 'GET', '/api/v1/hr/employees?limit=1');
          calls.push({ sent, received: performance.now(), status: result.status });
        }
      }),
    );
    const floodMs = performance.now() - started;
    const admitted = calls.filter((c) => c.status === 200).sort((a, b) => a.sent - b.sent);
    expect(calls.filter((c) => c.status !== 200 && c.status !== 429)).toEqual([]);
    expect(calls.length).toBeGreaterThan(600);

    // leases were taken
    expect(await leaseMembers(busy.organizationId)).toBeGreaterThan(0);

    // no 1,000 ms holds more than 200 admissions that were certainly admitted inside it
    for (const start of admitted) {
      const inside = admitted.filter((c) => c.sent >= start.sent && c.received < start.sent + 1000);
      expect(inside.length).toBeLessThanOrEqual(200);
    }
    // and the leases did not starve the credential: 2.2 s of flood admit well over one burst, and no more
    // than a burst in each 1,000 ms of the flood
    expect(admitted.length).toBeGreaterThan(300);
    expect(admitted.length).toBeLessThanOrEqual(200 * Math.ceil(floodMs / 1000));

    // what the leases did not use went back to the quota once they ended: usage is what was admitted
    await sleep(400);
    const usage = await busy.call(stack.auth, 'GET', '/api/v1/authorize/usage');
    expect(usage.body.data.apiRequests.byProduct.hr).toBe(admitted.length);
  });

  it('gives back the unused part of its leases when an instance shuts down', async () => {
    const stopping = await stack.startApp(HrModule, 'hr');
    const busy = await stack.developer({ plan: 'api-enterprise', burstPerSecond: 10_000, monthlyQuota: 1_000_000 });
    let admitted = 0;
    const started = performance.now();
    // a count, not a time: a slow machine takes longer to send enough for leases to be taken
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (admitted < 60 && performance.now() - started < 10_000)
          if ((await busy.call(stopping, 'GET', '/api/v1/hr/employees?limit=1')).status === 200) admitted++;
      }),
    );
    expect(admitted).toBeGreaterThanOrEqual(60);
    expect(await leaseMembers(busy.organizationId)).toBeGreaterThan(0);
    // closed at once, while its last lease is still live
    await stopping.close();
    const usage = await busy.call(stack.auth, 'GET', '/api/v1/authorize/usage');
    expect(usage.body.data.apiRequests.byProduct.hr).toBe(admitted);
  });
});
