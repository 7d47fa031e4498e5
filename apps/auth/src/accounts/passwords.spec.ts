import { PlatformException } from '@platform/pipeline';
import { hashPassword, MAX_HASHES_PER_CALLER, MIN_PASSWORD_LENGTH, passwordMatches, passwordProblems } from './passwords';

describe('password rules', () => {
  it('takes a long, uncommon password', () => {
    expect(passwordProblems('violet tractor umbrella 42', { email: 'ada@example.com', name: 'Ada Lovelace' })).toEqual([]);
  });

  it('refuses short, over-long, common and repetitive passwords', () => {
    expect(passwordProblems('a'.repeat(MIN_PASSWORD_LENGTH - 1))[0]).toMatch(/at least 12/);
    expect(passwordProblems('x'.repeat(257))[0]).toMatch(/at most 256/);
    expect(passwordProblems('qwertyuiop123')[0]).toMatch(/too common/);
    expect(passwordProblems('1234567890123')[0]).toMatch(/only digits/);
    expect(passwordProblems('Password1234!!')[0]).toMatch(/too common/);
    expect(passwordProblems('abababababababab')[0]).toMatch(/too few characters/);
  });

  it('refuses a password made of the account’s email or name', () => {
    expect(passwordProblems('okonkwo2024!!', { email: 'ada@example.com', name: 'Ada Okonkwo' })[0]).toMatch(/email or name/);
    expect(passwordProblems('adaokonkwo99x', { email: 'adaokonkwo@example.com' })[0]).toMatch(/email or name/);
  });

  it('hashes with argon2id and verifies; an unknown account verifies nothing, at the same cost', async () => {
    const hashed = await hashPassword('violet tractor umbrella 42', null);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(passwordMatches('violet tractor umbrella 42', hashed, null)).resolves.toBe(true);
    await expect(passwordMatches('violet tractor umbrella 43', hashed, null)).resolves.toBe(false);
    await expect(passwordMatches('violet tractor umbrella 42', null, null)).resolves.toBe(false);
  });

  it('gives one caller at most a couple of hashes at once: the rest get 429 and take no place in the queue, and another caller is served meanwhile', async () => {
    const hashed = await hashPassword('violet tractor umbrella 42', null);
    const flood = Array.from({ length: 40 }, () => passwordMatches('a wrong guess here', hashed, 'user:mallory'));
    const other = passwordMatches('violet tractor umbrella 42', hashed, 'address:203.0.113.7');
    const outcomes = await Promise.allSettled(flood);
    await expect(other).resolves.toBe(true);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_HASHES_PER_CALLER);
    const refused = outcomes
      .filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
      .map((outcome) => outcome.reason as PlatformException);
    expect(new Set(refused.map((error) => `${error.status} ${error.code} ${error.options.headers?.['retry-after']}`))).toEqual(
      new Set(['429 RATE_LIMIT_EXCEEDED 1']),
    );
    // the caller's hashes done, it is served again
    await expect(passwordMatches('violet tractor umbrella 42', hashed, 'user:mallory')).resolves.toBe(true);
  });
});
