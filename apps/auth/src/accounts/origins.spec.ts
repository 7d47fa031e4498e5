import { isOwnOrigin } from './origins';

describe('the dashboard’s own origin (CSRF)', () => {
  const https = { scheme: 'https', hosts: ['api.example.com'], publicBaseUrl: 'https://api.example.com' };

  it('takes the deployment’s own scheme and host, whatever the case or a default port', () => {
    expect(isOwnOrigin('https://api.example.com', https)).toBe(true);
    expect(isOwnOrigin('https://API.example.com', https)).toBe(true);
    expect(isOwnOrigin('https://dashboard.example.com', { ...https, hosts: ['dashboard.example.com:443'] })).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:3000', { scheme: 'http', hosts: ['127.0.0.1:3000'], publicBaseUrl: 'http://127.0.0.1:3000' })).toBe(true);
    expect(isOwnOrigin('http://localhost:3000', { scheme: 'http', hosts: ['localhost:3000'], publicBaseUrl: 'http://127.0.0.1:3000' })).toBe(true);
    // PUBLIC_BASE_URL's origin, whatever the request says of itself (a proxy that does not tell the scheme)
    expect(isOwnOrigin('https://api.example.com', { scheme: 'http', hosts: ['10.0.0.7:8080'], publicBaseUrl: 'https://api.example.com' })).toBe(true);
  });

  it('refuses the same host over another scheme: no plain-HTTP page passes for an HTTPS dashboard', () => {
    expect(isOwnOrigin('http://api.example.com', https)).toBe(false);
    expect(isOwnOrigin('http://api.example.com', { ...https, scheme: 'http' })).toBe(false);
    expect(isOwnOrigin('http://api.example.com', { scheme: 'https', hosts: ['api.example.com'] })).toBe(false);
    expect(isOwnOrigin('https://127.0.0.1:3000', { scheme: 'http', hosts: ['127.0.0.1:3000'], publicBaseUrl: 'http://127.0.0.1:3000' })).toBe(false);
  });

  it('refuses other hosts and ports, and what is not an origin', () => {
    for (const origin of [
      'https://evil.example',
      'https://api.example.com:8443',
      'https://api.example.com.evil.example',
      'null',
      'https://api.example.com/path',
      'not a url',
      '',
      undefined,
    ]) {
      expect([origin, isOwnOrigin(origin, https)]).toEqual([origin, false]);
    }
  });
});
