import { accessLogLevel } from './access-log';

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
