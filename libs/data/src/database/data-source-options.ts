import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ConfigurationError, type Environment } from '@platform/pipeline/config/environment';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import type { ServiceName } from '@platform/contracts/service';

export interface ServiceDataOptions {
  service: ServiceName;
  entities: Function[];
  migrations: Function[];
}

export function buildDataSourceOptions(env: Environment, data: ServiceDataOptions): PostgresConnectionOptions {
  if (!env.DATABASE_URL) {
    throw new ConfigurationError(['DATABASE_URL: a service started alone needs PostgreSQL (npm start runs the whole suite on a PostgreSQL of its own)']);
  }
  return {
    type: 'postgres',
    url: env.DATABASE_URL,
    // Each service owns the schema named after it; nobody reads another service's tables.
    schema: data.service,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // every service has an outbox for its domain events
    entities: [...data.entities, OutboxEvent],
    migrations: data.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: { max: env.DATABASE_POOL_SIZE, idleTimeoutMillis: env.DATABASE_IDLE_TIMEOUT_MS, application_name: `platform-${data.service}` },
  };
}

/**
 * Opens the service's data source: creates the service's schema and runs its migrations under an
 * advisory lock, so replicas starting together migrate once. Migrations run at every start,
 * wherever the suite runs.
 */
export async function openDataSource(options: PostgresConnectionOptions): Promise<DataSource> {
  const schema = options.schema!;
  const client = new Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`platform-migrations:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const dataSource = await new DataSource(options).initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
    return dataSource;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`platform-migrations:${schema}`]).catch(() => undefined);
    await client.end();
  }
}
