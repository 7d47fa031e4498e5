import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '@platform/data/database/prepared';
import { postgresPool } from './typeorm-pool';

/** The machine's PostgreSQL, as the e2e tests reach it; nothing is created in it. */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('TypeORM internals the pool access relies on', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'postgres', url: POSTGRES_URL, extra: { max: 2, application_name: 'platform-contract' } }).initialize();
  });
  afterAll(() => dataSource?.destroy());

  it('keeps an initialized data source’s pg pool as its driver’s master, with the options it was given', () => {
    const pool = postgresPool(dataSource);
    expect(pool).toBeInstanceOf(Pool);
    expect(pool.options).toMatchObject({ connectionString: POSTGRES_URL, max: 2, application_name: 'platform-contract' });
  });

  it('is the pool TypeORM’s own queries run on', async () => {
    const pool = postgresPool(dataSource);
    const [{ name }] = await dataSource.query<{ name: string }[]>(`SELECT current_setting('application_name') AS name`);
    expect(name).toBe('platform-contract');
    expect(pool.totalCount).toBeGreaterThan(0);
  });

  it('answers a prepared statement as TypeORM answers the same query', async () => {
    const text = 'SELECT $1::int + 1 AS next, $2::text AS label';
    const statement = new PreparedStatement(text);
    expect(await statement.run(dataSource, [41, 'x'])).toEqual(await dataSource.query(text, [41, 'x']));
    expect(await statement.run(dataSource, [1, 'y'])).toEqual([{ next: 2, label: 'y' }]);
  });
});
