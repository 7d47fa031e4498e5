import { publicLinkBase, signFileLink, verifyFileLink } from './signed-link';

describe('signed file links', () => {
  const key = 'k'.repeat(40);
  const id = '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d';
  const now = Date.UTC(2026, 2, 1);
  const expires = now / 1000 + 3600;

  it('accepts its own signature until it expires', () => {
    const signature = signFileLink(key, id, expires);
    expect(verifyFileLink(key, id, String(expires), signature, now)).toBe(true);
    expect(verifyFileLink(key, id, String(expires), signature, expires * 1000)).toBe(false);
  });

  it('refuses another file, another expiry, another key, or anything malformed', () => {
    const signature = signFileLink(key, id, expires);
    expect(verifyFileLink(key, '00000000-0000-4000-8000-000000000000', String(expires), signature, now)).toBe(false);
    expect(verifyFileLink(key, id, String(expires + 1), signature, now)).toBe(false);
    expect(verifyFileLink('x'.repeat(40), id, String(expires), signature, now)).toBe(false);
    expect(verifyFileLink(key, id, undefined, signature, now)).toBe(false);
    expect(verifyFileLink(key, id, '1e10', signature, now)).toBe(false);
    expect(verifyFileLink(key, id, String(expires), signature.slice(1), now)).toBe(false);
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
