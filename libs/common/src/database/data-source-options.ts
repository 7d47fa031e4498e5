import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource, DataSourceOptions, getMetadataArgsStorage } from 'typeorm';
import type { Environment } from '../config/environment';
import { makeFilesPrivate, makePrivateDirectory } from '../config/private-files';
import type { ServiceName } from '../service';

export interface ServiceDataOptions {
  service: ServiceName;
  entities: Function[];
  migrations: Function[];
}

const SQLITE_TYPE_FOR: Record<string, string> = { timestamptz: 'datetime', jsonb: 'simple-json', uuid: 'varchar' };

/**
 * Entities are declared with PostgreSQL types (`timestamptz`, `jsonb`); on the one-machine
 * SQLite store the same entities are mapped to SQLite's equivalents. Done once per process,
 * which runs on one driver.
 */
function adaptColumnTypesForSqlite(entities: Function[]): void {
  const targets = new Set(entities);
  for (const column of getMetadataArgsStorage().columns) {
    if (!targets.has(column.target as Function)) continue;
    const type = column.options.type as string | undefined;
    if (type && SQLITE_TYPE_FOR[type]) column.options.type = SQLITE_TYPE_FOR[type] as never;
  }
}

export function buildDataSourceOptions(env: Environment, data: ServiceDataOptions): DataSourceOptions {
  if (env.DATABASE_URL) {
    return {
      type: 'postgres',
      url: env.DATABASE_URL,
      // Each service owns the schema named after it; nobody reads another service's tables.
      schema: data.service,
      uuidExtension: 'pgcrypto',
      installExtensions: false,
      entities: data.entities,
      migrations: data.migrations,
      migrationsTableName: 'migrations',
      migrationsRun: false,
      synchronize: false,
      extra: { max: env.DATABASE_POOL_SIZE, application_name: `platform-${data.service}` },
    };
  }
  adaptColumnTypesForSqlite(data.entities);
  makePrivateDirectory(env.DATA_DIR);
  return {
    type: 'better-sqlite3',
    database: join(env.DATA_DIR, `${data.service}.sqlite`),
    entities: data.entities,
    // SQLite is the one-machine store: its schema follows the entities. PostgreSQL uses migrations.
    synchronize: true,
    enableWAL: true,
    timeout: 10_000,
  };
}

/**
 * Opens the service's data source. On PostgreSQL: creates the service's schema and runs its
 * migrations under an advisory lock, so replicas starting together migrate once.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  if (options.type !== 'postgres') {
    const dataSource = await new DataSource(options).initialize();
    // better-sqlite3 creates the files with the process's umask; SQLite gives a later -wal or
    // -shm the database's own mode
    const database = String(options.database);
    makeFilesPrivate([database, `${database}-wal`, `${database}-shm`]);
    return dataSource;
  }
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
