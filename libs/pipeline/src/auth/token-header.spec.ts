import { accessTokenHeader } from './token-header';

const segment = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (header: unknown, payload: unknown = { sub: 'x' }) => `${segment(header)}.${segment(payload)}.c2ln`;
const good = { alg: 'ES256', typ: 'at+jwt', kid: 'k1' };

describe('accessTokenHeader', () => {
  it('takes an access token’s header: ES256, typ at+jwt in either spelling of RFC 9068, a kid', () => {
    expect(accessTokenHeader(token(good))).toEqual(good);
    expect(accessTokenHeader(token({ ...good, typ: 'application/at+jwt' }))?.kid).toBe('k1');
    expect(accessTokenHeader(token({ ...good, typ: 'AT+JWT' }))?.kid).toBe('k1');
  });

  it.each([
    ['typ JWT', { ...good, typ: 'JWT' }],
    ['no typ', { alg: 'ES256', kid: 'k1' }],
    ['typ of another kind of JWT', { ...good, typ: 'secevent+jwt' }],
    ['typ that only contains at+jwt', { ...good, typ: 'xat+jwt' }],
    ['alg none', { ...good, alg: 'none' }],
    ['alg HS256', { ...good, alg: 'HS256' }],
    ['no kid', { alg: 'ES256', typ: 'at+jwt' }],
    ['empty kid', { ...good, kid: '' }],
    ['kid not a string', { ...good, kid: 7 }],
    ['crit naming an unknown extension', { ...good, crit: ['x-unknown'], 'x-unknown': 1 }],
    ['crit naming b64', { ...good, crit: ['b64'], b64: false }],
    ['empty crit', { ...good, crit: [] }],
    ['header an array', [good]],
    ['header null', null],
    ['header a string', 'at+jwt'],
  ])('refuses a header with %s', (_name, header) => {
    expect(accessTokenHeader(token(header))).toBeUndefined();
  });

  it.each([
    ['not JSON', `${segment('not json')}.${segment({})}.sig`],
    ['not base64url JSON at all', '%%%.e30.sig'],
    ['two segments', `${segment(good)}.${segment({})}`],
    ['four segments', `${segment(good)}.${segment({})}.sig.more`],
    ['five segments (JWE)', `${segment(good)}.a.b.c.d`],
    ['an empty header', `.${segment({})}.sig`],
    ['a header longer than any of ours', `${segment({ ...good, pad: 'x'.repeat(2000) })}.${segment({})}.sig`],
    ['no dot', 'abc'],
    ['empty', ''],
  ])('refuses a token with %s, without throwing', (_name, raw) => {
    expect(accessTokenHeader(raw)).toBeUndefined();
  });

  it('never throws on random input', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = Buffer.from(Array.from({ length: Math.floor(Math.random() * 300) }, () => Math.floor(Math.random() * 256)));
      const parts = Array.from({ length: 1 + (i % 5) }, () => bytes.toString(i % 2 ? 'base64url' : 'latin1'));
      expect(() => accessTokenHeader(parts.join('.'))).not.toThrow();
    }
  });
});
