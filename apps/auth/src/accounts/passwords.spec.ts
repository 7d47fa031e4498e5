import { hashPassword, MIN_PASSWORD_LENGTH, passwordMatches, passwordProblems } from './passwords';

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
    const hashed = await hashPassword('violet tractor umbrella 42');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await expect(passwordMatches('violet tractor umbrella 42', hashed)).resolves.toBe(true);
    await expect(passwordMatches('violet tractor umbrella 43', hashed)).resolves.toBe(false);
    await expect(passwordMatches('violet tractor umbrella 42', null)).resolves.toBe(false);
  });
});
