import { HrModule } from '../../apps/hr/src/hr.module';
import { HttpRelay } from '@test/support/http-relay';
import { call, HttpResult, sleep } from '@test/support/http';
import { Developer, RunningApp, TestStack } from '@test/support/stack';

/**
 * Services send the requests they serve to auth (recent requests, daily usage): a flood of one
 * organization, or auth away for a while, costs no other organization its requests and nobody a
 * count. Auth is reached through a relay the test slows down or cuts.
 */
describe('the request log and daily usage under a flood and while auth is away', () => {
  let stack: TestStack;
  let relay: HttpRelay;
  let hr: RunningApp;

  beforeAll(async () => {
    stack = await TestStack.start();
    relay = new HttpRelay(stack.auth.url);
    await relay.open();
    hr = await stack.startApp(HrModule, 'hr', { AUTH_URL: relay.url });
  });
  afterAll(async () => {
    relay.release();
    await relay.cut().catch(() => undefined);
    await stack.stop();
  });

  /** `count` GETs of the employees, `concurrency` at a time. */
  async function flood(developer: Developer, count: number, concurrency: number): Promise<HttpResult[]> {
    const results: HttpResult[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (results.length < count) {
          const slot = results.push(undefined as never) - 1;
          results[slot] = await developer.call(hr, 'GET', '/api/v1/hr/employees?limit=1');
        }
      }),
    );
    return results;
  }

  /**
   * What the organization's dashboard shows, read by an owner: its hr requests today (daily usage),
   * and its recent requests of each outcome (ids of the successes, how many errors).
   */
  async function dashboard(developer: Developer) {
    const person = await stack.person(developer.organizationId);
    return async () => {
      const base = `/api/v1/account/organizations/${developer.organizationId}`;
      const read = async (path: string) => {
        const answer = await call(stack.auth.url, 'GET', `${base}${path}`, { headers: await person.sessionHeader('GET', `${base}${path}`) });
        expect(answer.status).toBe(200);
        return answer.body.data;
      };
      const today = new Date().toISOString().slice(0, 10);
      const usage = await read(`/usage?from=${today}&to=${today}`);
      const successes = await read('/requests?outcome=success&limit=100');
      const errors = await read('/requests?outcome=error&limit=1');
      return {
        hrToday: usage.days[0].byProduct.hr as number,
        successIds: (successes.items as Array<{ requestId: string }>).map((item) => item.requestId).sort(),
        errors: errors.total as number,
      };
    };
  }

  /** Reads until `done` holds (auth takes the log within seconds), at most 20 s; answers the last read. */
  async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await sleep(1000);
    }
  }

  const requestIds = (results: HttpResult[]) =>
    results
      .filter((result) => result.status === 200)
      .map((result) => result.headers.get('x-request-id')!)
      .sort();

  it('records each of another organization’s 10 requests beside a sandbox key’s flood of 1,200, and the flood’s count', async () => {
    const flooding = await stack.developer({ plan: 'developer-sandbox' });
    const other = await stack.developer({ plan: 'api-business' });
    const flooded = await dashboard(flooding);
    const others = await dashboard(other);
    // auth slow to take the log: the first batch waits, and what comes meanwhile makes one batch, as a flood in one second does
    relay.hold((path) => path.startsWith('/internal/v1/requests'));
    const first = await flood(flooding, 1, 1);
    await sleep(1200);
    const [flood1200, ten] = await Promise.all([flood(flooding, 1200, 50), flood(other, 10, 10)]);
    relay.release();

    expect(ten.map((result) => result.status)).toEqual(Array(10).fill(200));
    const admitted = [...first, ...flood1200].filter((result) => result.status === 200);
    const limited = flood1200.filter((result) => result.status === 429).length;
    expect(admitted.length + limited).toBe(1201);
    expect(limited).toBeGreaterThan(1000);

    const otherShows = await settled(others, (shown) => shown.hrToday === 10 && shown.successIds.length === 10);
    expect(otherShows).toEqual({ hrToday: 10, successIds: requestIds(ten), errors: 0 });
    const floodShows = await settled(
      flooded,
      (shown) => shown.hrToday === admitted.length && shown.successIds.length === admitted.length && shown.errors >= 1000,
    );
    // every admitted request counted and listed; of its 429s, the newest 1,000 of the batch
    expect(floodShows.hrToday).toBe(admitted.length);
    expect(floodShows.successIds).toEqual(requestIds(admitted));
    expect(floodShows.errors).toBeGreaterThanOrEqual(1000);
  });

  it('loses no count while auth is away for a few seconds, and sends the log when it is back', async () => {
    const busy = await stack.developer();
    const quiet = await stack.developer({ plan: 'developer-sandbox' });
    const busyShows = await dashboard(busy);
    const quietShows = await dashboard(quiet);
    const served: Record<'busy' | 'quiet', HttpResult[]> = { busy: [], quiet: [] };
    await relay.cut();
    // within the 5 s services keep serving on the revocations they hold: several batches fail meanwhile
    const started = Date.now();
    while (Date.now() - started < 3500) {
      const [many, one] = await Promise.all([flood(busy, 20, 5), flood(quiet, 1, 1)]);
      served.busy.push(...many);
      served.quiet.push(...one);
      await sleep(250);
    }
    await relay.open();
    const [many, one] = await Promise.all([flood(busy, 20, 5), flood(quiet, 1, 1)]);
    served.busy.push(...many);
    served.quiet.push(...one);

    expect(served.busy.every((result) => result.status === 200)).toBe(true);
    expect(served.quiet.every((result) => result.status === 200)).toBe(true);
    const quietShown = await settled(quietShows, (shown) => shown.hrToday === served.quiet.length && shown.successIds.length === served.quiet.length);
    expect(quietShown).toEqual({ hrToday: served.quiet.length, successIds: requestIds(served.quiet), errors: 0 });
    const busyShown = await settled(busyShows, (shown) => shown.hrToday === served.busy.length);
    expect(busyShown.hrToday).toBe(served.busy.length);
  });
});
