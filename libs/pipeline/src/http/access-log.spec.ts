import { accessLogLevel, loggedUrl } from './access-log';

describe('accessLogLevel', () => {
  it('logs requests at info, the revocation feed’s successful polls at debug and the probes not at all', () => {
    expect(accessLogLevel('/api/v1/hr/employees', '/api/v1/hr/employees?limit=20', 200)).toBe('info');
    expect(accessLogLevel('/api/v1/hr/employees', '/api/v1/hr/employees', 500)).toBe('info');
    expect(accessLogLevel('/internal/v1/revocations', '/internal/v1/revocations', 200)).toBe('debug');
    expect(accessLogLevel('/internal/v1/revocations', '/internal/v1/revocations', 401)).toBe('info');
    expect(accessLogLevel('/internal/v1/tenancy/access', '/internal/v1/tenancy/access?companyId=x', 200)).toBe('info');
    expect(accessLogLevel('/healthz/ready', '/healthz/ready', 503)).toBeNull();
    expect(accessLogLevel('unmatched', '/healthz/nope', 404)).toBeNull();
  });
});

describe('loggedUrl', () => {
  it('keeps the URL, or only its path for a route whose query string is a credential', () => {
    const link = '/api/v1/app/files/3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d/download?v=1&expires=1790000000&signature=abc';
    expect(loggedUrl(link, false)).toBe(link);
    expect(loggedUrl(link, true)).toBe('/api/v1/app/files/3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d/download');
    expect(loggedUrl('/api/v1/app/files/x/download', true)).toBe('/api/v1/app/files/x/download');
  });
});
