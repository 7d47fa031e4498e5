import { generateKeyPairSync } from 'node:crypto';
import { PlatformException } from '../errors/platform.exception';
import { parseJwks, TokenKeySet } from './token-key-set';

const jwkOf = (kid: string) => ({ ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof PlatformException ? error.code : String(error)),
  );

/** A key set over a JWKS the test controls, on a clock the test moves. */
function fixture(minIntervalMs = 5000) {
  const state = { now: 1_000_000, reads: 0, document: { keys: [jwkOf('k1')] } as unknown, fail: false };
  const set = new TokenKeySet({
    fetch: async () => {
      state.reads++;
      if (state.fail) throw new Error('auth is away');
      return state.document;
    },
    minIntervalMs,
    now: () => state.now,
  });
  return { set, state };
}

describe('TokenKeySet', () => {
  it('answers a known kid from the copy without reading again', async () => {
    const { set, state } = fixture();
    await set.refresh();
    for (let i = 0; i < 100; i++) await set.key('k1');
    expect(state.reads).toBe(1);
  });

  it('reads at most once per interval for unknown kids, however many, and answers them AUTH_TOKEN_INVALID', async () => {
    const { set, state } = fixture();
    await set.refresh();
    state.now += 10_000;
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => codeOf(set.key(`forged-${i}`))));
    expect(new Set(answers)).toEqual(new Set(['AUTH_TOKEN_INVALID']));
    expect(state.reads).toBe(2);
    for (let i = 0; i < 1000; i++) await codeOf(set.key(`again-${i}`));
    expect(state.reads).toBe(2);
    state.now += 5000;
    await codeOf(set.key('later'));
    expect(state.reads).toBe(3);
  });

  it('finds a key auth has just published on the read an unknown kid prompts', async () => {
    const { set, state } = fixture();
    await set.refresh();
    state.now += 6000;
    state.document = { keys: [jwkOf('k1'), jwkOf('k2')] };
    await expect(set.key('k2')).resolves.toBeDefined();
  });

  it('keeps the last good keys when a read fails or brings nothing usable', async () => {
    const { set, state } = fixture();
    await set.refresh();
    state.fail = true;
    await expect(set.refresh()).rejects.toThrow('auth is away');
    await expect(set.key('k1')).resolves.toBeDefined();
    state.fail = false;
    state.document = { keys: [{ kty: 'RSA', kid: 'r1', n: 'x', e: 'AQAB' }] };
    await expect(set.refresh()).rejects.toThrow('no usable ES256 key');
    await expect(set.key('k1')).resolves.toBeDefined();
  });

  it('answers UPSTREAM_UNAVAILABLE while it has never read the keys, still at most once per interval', async () => {
    const { set, state } = fixture();
    state.fail = true;
    const answers = await Promise.all(Array.from({ length: 100 }, () => codeOf(set.key('k1'))));
    expect(new Set(answers)).toEqual(new Set(['UPSTREAM_UNAVAILABLE']));
    expect(state.reads).toBe(1);
    state.fail = false;
    expect(await codeOf(set.key('k1'))).toBe('UPSTREAM_UNAVAILABLE');
    state.now += 5000;
    expect(await codeOf(set.key('k1'))).toBe('resolved');
  });
});

describe('parseJwks', () => {
  it('keeps ES256 signing keys and skips the rest', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' });
    const keys = parseJwks({
      keys: [
        jwkOf('good'),
        { ...rsa, kid: 'rsa' },
        { ...p384, kid: 'p384' },
        { ...jwkOf('enc'), use: 'enc' },
        { ...jwkOf('hs'), alg: 'HS256' },
        { ...jwkOf('private'), d: 'secret' },
        { ...jwkOf('off-curve'), x: 'AAAA' },
        { ...jwkOf('no-kid'), kid: undefined },
        null,
      ],
    });
    expect([...keys.keys()]).toEqual(['good']);
  });

  it.each([[null], [{}], [{ keys: 'x' }], [{ keys: [] }]])('refuses %j', (document) => {
    expect(() => parseJwks(document)).toThrow();
  });
});
