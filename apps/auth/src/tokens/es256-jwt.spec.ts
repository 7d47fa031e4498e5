import { decode, verify } from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { Es256JwtSigner } from './es256-jwt';

describe('Es256JwtSigner', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = new Es256JwtSigner(privateKey, 'key-1', 'at+jwt');
  const claims = { sub: 'c1', org: 'o1', scope: 'hr:read', iat: 1_700_000_000, exp: 4_000_000_000, iss: 'platform-auth', rl: { b: 5, q: 100 } };

  it('makes a token that jsonwebtoken verifies with ES256 and the public key', () => {
    const token = signer.sign(claims);
    expect(verify(token, publicKey, { algorithms: ['ES256'], issuer: 'platform-auth' })).toEqual(claims);
    expect(decode(token, { complete: true })?.header).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: 'key-1' });
    // JOSE form: r‖s, 64 bytes, not DER
    expect(Buffer.from(token.split('.')[2], 'base64url')).toHaveLength(64);
  });

  it('makes a token that fails with another key, another algorithm or a changed claim', () => {
    const token = signer.sign(claims);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    expect(() => verify(token, other, { algorithms: ['ES256'] })).toThrow('invalid signature');
    expect(() => verify(token, publicKey, { algorithms: ['RS256'] })).toThrow('invalid algorithm');
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'hr:write' })).toString('base64url')}.${signature}`;
    expect(() => verify(forged, publicKey, { algorithms: ['ES256'] })).toThrow('invalid signature');
  });

  it('takes only an EC P-256 private key', () => {
    expect(() => new Es256JwtSigner(publicKey, 'k', 'at+jwt')).toThrow('EC P-256 private key');
    expect(() => new Es256JwtSigner(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey, 'k', 'at+jwt')).toThrow('EC P-256 private key');
    expect(() => new Es256JwtSigner(generateKeyPairSync('ed25519').privateKey, 'k', 'at+jwt')).toThrow('EC P-256 private key');
  });
});
