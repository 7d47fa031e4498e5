import { CredentialsService } from '../src/credentials/credentials.service';
import { HttpResult } from '@test/support/http';
import { Developer, expectError, TestStack } from '@test/support/stack';

const PER_KEY = 10;
const PER_ADDRESS = 30;
/** Wrong secrets, and guessed keys (`pk_guess…`), name no environment: nothing but the failure limits answers them. */
const WRONG_SECRET = 'sk_wrong';

/** How many results have each status, e.g. `{ 401: 10, 429: 190 }`. */
const statuses = (results: HttpResult[]) => results.reduce<Record<number, number>>((count, r) => ({ ...count, [r.status]: (count[r.status] ?? 0) + 1 }), {});

/**
 * Failed token exchanges, limited per key and per client address, on Redis and on the
 * in-process store: the limits hold under concurrency, and guessing at a key never locks its
 * owner out.
 */
describe.each([
  ['Redis', true],
  ['the in-process store', false],
])('failed token exchanges on %s', (_store, redis) => {
  let stack: TestStack;
  let addresses = 0;
  /** A client address of its own (the app trusts X-Forwarded-For here). */
  const fresh = () => ({ 'x-forwarded-for': `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}` });

  beforeAll(async () => {
    stack = await TestStack.start({
      redis,
      env: {
        TOKEN_FAILURES_PER_KEY: String(PER_KEY),
        TOKEN_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
        TOKEN_FAILURE_WINDOW_SECONDS: '60',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(() => stack.stop());

  it('answers wrong secrets for a key 401 up to its limit and 429 past it, and still lets the owner in with the right secret', async () => {
    const owner = await stack.developer();
    const attack: number[] = [];
    for (let i = 0; i < PER_KEY + 2; i++) attack.push((await stack.exchange(owner.apiKey, WRONG_SECRET, undefined, fresh())).status);
    expect(attack).toEqual([...Array(PER_KEY).fill(401), 429, 429]);
    const refused = await stack.exchange(owner.apiKey, WRONG_SECRET, undefined, fresh());
    expectError(refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(refused.headers.get('retry-after')).toBe('60');

    const elsewhere = await stack.exchange(owner.apiKey, owner.apiSecret, undefined, fresh());
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.accessToken).toEqual(expect.any(String));
    expect((await stack.exchange(owner.apiKey, owner.apiSecret)).status).toBe(200);
  });

  it('answers 200 concurrent wrong secrets for one key with exactly its limit of 401s, and lets its right secret in among them', async () => {
    const owner = await stack.developer();
    const wrong = Array.from({ length: 200 }, () => stack.exchange(owner.apiKey, WRONG_SECRET, undefined, fresh()));
    const right = Array.from({ length: 5 }, () => stack.exchange(owner.apiKey, owner.apiSecret, undefined, fresh()));
    const [wrongResults, rightResults] = await Promise.all([Promise.all(wrong), Promise.all(right)]);
    expect(statuses(wrongResults)).toEqual({ 401: PER_KEY, 429: 200 - PER_KEY });
    for (const result of wrongResults) expectError(result, result.status, result.status === 401 ? 'DEVELOPER_KEYS_INVALID' : 'RATE_LIMIT_EXCEEDED');
    expect(statuses(rightResults)).toEqual({ 200: 5 });
  });

  it('checks exactly the address’s limit of 200 concurrent wrong secrets from one address, and nothing more from it in the window', async () => {
    const owner = await stack.developer();
    const attacker = fresh();
    const credentials = stack.auth.app.get(CredentialsService);
    const checks = jest.spyOn(credentials, 'verify');
    try {
      const results = await Promise.all(Array.from({ length: 200 }, () => stack.exchange(owner.apiKey, WRONG_SECRET, undefined, attacker)));
      expect(statuses(results)).toEqual({ 401: PER_KEY, 429: 200 - PER_KEY });
      expect(checks).toHaveBeenCalledTimes(PER_ADDRESS);

      // past its limit the address gets no check at all, so even a right secret from it tells nothing
      expectError(await stack.exchange(owner.apiKey, owner.apiSecret, undefined, attacker), 429, 'RATE_LIMIT_EXCEEDED');
      expect(checks).toHaveBeenCalledTimes(PER_ADDRESS);
    } finally {
      checks.mockRestore();
    }
    expect((await stack.exchange(owner.apiKey, owner.apiSecret, undefined, fresh())).status).toBe(200);
  });

  it('limits 200 concurrent wrong exchanges from one address across keys to the address’s limit', async () => {
    const attacker = fresh();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => stack.exchange(`pk_guess${i}`, WRONG_SECRET, undefined, attacker)));
    expect(statuses(results)).toEqual({ 401: PER_ADDRESS, 429: 200 - PER_ADDRESS });
    // another address is not affected
    expectError(await stack.exchange('pk_guess0', WRONG_SECRET, undefined, fresh()), 401, 'DEVELOPER_KEYS_INVALID');
  });

  it('counts the IPv6 addresses of one /64 as one client address', async () => {
    const results = [];
    for (let host = 1; host <= PER_ADDRESS + 1; host++) {
      results.push((await stack.exchange(`pk_v6guess${host}`, WRONG_SECRET, undefined, { 'x-forwarded-for': `2001:db8:0:7::${host.toString(16)}` })).status);
    }
    expect(results).toEqual([...Array(PER_ADDRESS).fill(401), 429]);
    expectError(await stack.exchange('pk_v6guess', WRONG_SECRET, undefined, { 'x-forwarded-for': '2001:db8:0:8::1' }), 401, 'DEVELOPER_KEYS_INVALID');
  });

  it('gives back what right secrets counted: one address exchanges more times than its limit', async () => {
    const owners: Developer[] = [await stack.developer(), await stack.developer()];
    const address = fresh();
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => stack.exchange(owners[i % 2].apiKey, owners[i % 2].apiSecret, undefined, address)),
      );
      expect(statuses(results)).toEqual({ 200: 20 });
    }
    // the address's failures start from nothing
    const guesses = [];
    for (let i = 0; i < PER_ADDRESS + 1; i++) guesses.push((await stack.exchange(`pk_other${i}`, WRONG_SECRET, undefined, address)).status);
    expect(guesses).toEqual([...Array(PER_ADDRESS).fill(401), 429]);
  });
});
