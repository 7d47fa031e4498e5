import { validateEnvironment } from '@platform/pipeline/config/environment';
import { buildDataSourceOptions } from './data-source-options';

describe('buildDataSourceOptions', () => {
  const options = (settings: Record<string, string>) =>
    buildDataSourceOptions(validateEnvironment({ DATABASE_URL: 'postgres://u@h/db', ...settings }), { service: 'hr', entities: [], migrations: [] });

  it("gives the pool its size and closes a connection idle for DATABASE_IDLE_TIMEOUT_MS (pg's 10 s unless set)", () => {
    expect(options({}).extra).toEqual({ max: 10, idleTimeoutMillis: 10_000, application_name: 'platform-hr' });
    expect(options({ DATABASE_POOL_SIZE: '4', DATABASE_IDLE_TIMEOUT_MS: '2000' }).extra).toEqual({
      max: 4,
      idleTimeoutMillis: 2000,
      application_name: 'platform-hr',
    });
  });

  it('refuses an idle timeout under 100 ms', () => {
    expect(() => options({ DATABASE_IDLE_TIMEOUT_MS: '50' })).toThrow(
      'DATABASE_IDLE_TIMEOUT_MS: DATABASE_IDLE_TIMEOUT_MS must not be less than 100 (got "50")',
    );
  });
});
