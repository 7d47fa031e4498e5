import { ConfigurationError, validateEnvironment } from './environment';

describe('validateEnvironment', () => {
  it('applies defaults', () => {
    const env = validateEnvironment({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('converts numbers and booleans', () => {
    const env = validateEnvironment({ PORT: '8080', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://u@h/db' });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe(true);
  });

  it('names every bad setting and hides secrets', () => {
    let error: ConfigurationError | undefined;
    try {
      validateEnvironment({ PORT: 'abc', DATABASE_URL: 'mysql://x', INTERNAL_TOKEN: 'short' });
    } catch (e) {
      error = e as ConfigurationError;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error!.message).toMatch(/PORT/);
    expect(error!.message).toMatch(/DATABASE_URL must be a postgres/);
    expect(error!.message).toMatch(/INTERNAL_TOKEN/);
    expect(error!.message).not.toMatch(/short/);
    expect(error!.message).not.toMatch(/mysql/);
  });

  it('says what a setting got, as it was set, with one message for a value of the wrong type', () => {
    expect(() => validateEnvironment({ PORT: 'abc' })).toThrow('PORT: PORT must be an integer number (got "abc")');
    expect(() => validateEnvironment({ PORT: '70000' })).toThrow('PORT: PORT must not be greater than 65535 (got "70000")');
    expect(() => validateEnvironment({ PORT: 'abc' })).not.toThrow(/null/);
  });

  it('takes PUBLIC_BASE_URL only as an absolute http(s) URL', () => {
    expect(validateEnvironment({ PUBLIC_BASE_URL: 'https://api.example.com' }).PUBLIC_BASE_URL).toBe('https://api.example.com');
    expect(validateEnvironment({ PUBLIC_BASE_URL: 'http://127.0.0.1:3000/platform' }).PUBLIC_BASE_URL).toBe('http://127.0.0.1:3000/platform');
    expect(validateEnvironment({ PUBLIC_BASE_URL: '' }).PUBLIC_BASE_URL).toBeUndefined();
    for (const bad of [
      'api.example.com',
      '/api',
      'ftp://api.example.com',
      'https://api.example.com/?x=1',
      'https://api.example.com/#top',
      'javascript:alert(1)',
    ]) {
      expect(() => validateEnvironment({ PUBLIC_BASE_URL: bad })).toThrow(/PUBLIC_BASE_URL must be an absolute http\(s\) URL/);
    }
  });

  it('takes WEBHOOK_ALLOWED_NETWORKS as CIDRs separated by commas, empty by default', () => {
    expect(validateEnvironment({}).WEBHOOK_ALLOWED_NETWORKS).toBe('');
    expect(validateEnvironment({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8, ::1/128' }).WEBHOOK_ALLOWED_NETWORKS).toBe('127.0.0.0/8, ::1/128');
    expect(validateEnvironment({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16,fd00::/8,' }).WEBHOOK_ALLOWED_NETWORKS).toBe('10.20.0.0/16,fd00::/8,');
    for (const bad of ['127.0.0.1', '10/8', '10.0.0.0/33', '::1/129', 'localhost/8', '127.0.0.0/8;::1/128']) {
      expect(() => validateEnvironment({ WEBHOOK_ALLOWED_NETWORKS: bad })).toThrow(
        `WEBHOOK_ALLOWED_NETWORKS: WEBHOOK_ALLOWED_NETWORKS must list networks in CIDR notation separated by commas (e.g. 127.0.0.0/8,::1/128), or be empty (got ${JSON.stringify(bad)})`,
      );
    }
  });
});
