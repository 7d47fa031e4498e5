import { randomBytes } from 'node:crypto';
import { CredentialCipher, maskSecret, parseCipherKeys } from './credential-cipher';

const key = () => randomBytes(32).toString('base64');

describe('credential cipher', () => {
  it('seals and opens a credential bound to its row, and nowhere else', () => {
    const cipher = new CredentialCipher(parseCipherKeys(`k1:${key()}`));
    const sealed = cipher.seal('s3cr3t-api-key', 'org-1/account-1');
    expect(sealed).toMatch(/^v1\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('s3cr3t');
    expect(cipher.open(sealed, 'org-1/account-1')).toBe('s3cr3t-api-key');
    expect(() => cipher.open(sealed, 'org-2/account-1')).toThrow();
    expect(cipher.seal('s3cr3t-api-key', 'org-1/account-1')).not.toBe(sealed); // a fresh IV each time
  });

  it('refuses a tampered value', () => {
    const cipher = new CredentialCipher(parseCipherKeys(`k1:${key()}`));
    const parts = cipher.seal('value', 'row').split('.');
    const data = Buffer.from(parts[4], 'base64url');
    data[0] ^= 1;
    parts[4] = data.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'row')).toThrow();
    expect(() => cipher.open('plain text', 'row')).toThrow('not a sealed credential');
  });

  it('opens values under older keys of the setting, seals under the first, and says which are stale', () => {
    const old = `k1:${key()}`;
    const before = new CredentialCipher(parseCipherKeys(old));
    const sealed = before.seal('value', 'row');
    const after = new CredentialCipher(parseCipherKeys(`k2:${key()},${old}`));
    expect(after.open(sealed, 'row')).toBe('value');
    expect(after.isStale(sealed)).toBe(true);
    const resealed = after.seal(after.open(sealed, 'row'), 'row');
    expect(after.isStale(resealed)).toBe(false);
    expect(resealed.split('.')[1]).toBe('k2');
    const dropped = new CredentialCipher(parseCipherKeys(`k2:${key()}`));
    expect(() => dropped.open(sealed, 'row')).toThrow('sealed under key k1, which the key setting no longer lists');
  });

  it('reads the key setting strictly', () => {
    expect(() => parseCipherKeys('')).toThrow('at least one key');
    expect(() => parseCipherKeys('k1:c2hvcnQ=')).toThrow('32 bytes');
    expect(() => parseCipherKeys(key())).toThrow('id:base64');
    const same = key();
    expect(() => parseCipherKeys(`a:${same},a:${same}`)).toThrow('differ');
    expect(parseCipherKeys(` a:${key()} , b:${key()} `).map((k) => k.id)).toEqual(['a', 'b']);
  });

  it('masks a secret to its last four characters at most, a quarter of a short one', () => {
    expect(maskSecret('0123456789abcdef')).toBe('••••cdef');
    expect(maskSecret('1234')).toBe('••••4');
    expect(maskSecret('123')).toBe('••••');
  });
});
