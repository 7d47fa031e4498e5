import type { ClientConfig, Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The pg pool behind a PostgreSQL data source, with the options it opens connections with.
 *
 * TypeORM (0.3) keeps it as its PostgreSQL driver's `master` once the data source is initialized,
 * built by the driver from the data source's options (url, credentials, `extra`); pg (8) keeps
 * those options on the pool as `options`. The hot paths run their named prepared statements on
 * this pool (`PreparedStatement`), and the pipelined connection opens with its options, without
 * TypeORM's query runner: no query runner, no parameter rewriting, no logging hooks per statement.
 */
export function postgresPool(dataSource: DataSource): Pool & { options: ClientConfig } {
  return (dataSource.driver as unknown as { master: Pool & { options: ClientConfig } }).master;
}
