import { fileLinkQuery, publicLinkBase, signFileLink, verifyFileLink } from './signed-link';

describe('signed file links', () => {
  const key = 'k'.repeat(40);
  const id = '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d';
  const now = Date.UTC(2026, 2, 1);
  const expires = now / 1000 + 3600;
  const link = (over: { v?: string; expires?: string; signature?: string } = {}) => ({
    ...Object.fromEntries(new URLSearchParams(fileLinkQuery(key, id, 3, expires))),
    ...over,
  });

  it('accepts its own signature until it expires, and gives the version it was signed for', () => {
    expect(link()).toEqual({ v: '3', expires: String(expires), signature: signFileLink(key, id, 3, expires) });
    expect(verifyFileLink(key, id, link(), now)).toBe(3);
    expect(verifyFileLink(key, id, link(), expires * 1000)).toBeUndefined();
  });

  it('refuses another file, version, expiry or key, and anything malformed', () => {
    expect(verifyFileLink(key, '00000000-0000-4000-8000-000000000000', link(), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ v: '4' }), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ expires: String(expires + 1) }), now)).toBeUndefined();
    expect(verifyFileLink('x'.repeat(40), id, link(), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ v: undefined }), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ v: '1e3' }), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ expires: undefined }), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ expires: '1e10' }), now)).toBeUndefined();
    expect(verifyFileLink(key, id, link({ signature: signFileLink(key, id, 3, expires).slice(1) }), now)).toBeUndefined();
  });
});

describe('publicLinkBase', () => {
  it('is PUBLIC_BASE_URL without a trailing slash, required in production, else the local port', () => {
    expect(publicLinkBase({ PUBLIC_BASE_URL: 'https://api.example.com/', NODE_ENV: 'production', PORT: 3000 })).toBe('https://api.example.com');
    expect(publicLinkBase({ PUBLIC_BASE_URL: 'https://example.com/platform', NODE_ENV: 'development', PORT: 3000 })).toBe('https://example.com/platform');
    expect(publicLinkBase({ NODE_ENV: 'development', PORT: 4000 })).toBe('http://127.0.0.1:4000');
    expect(() => publicLinkBase({ NODE_ENV: 'production', PORT: 3000 })).toThrow(/PUBLIC_BASE_URL: required when NODE_ENV is production/);
  });
});
