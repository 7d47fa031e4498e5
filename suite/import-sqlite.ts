import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource, EntityMetadata } from 'typeorm';
import { ServiceName } from '@platform/contracts';
import { Environment } from '@platform/pipeline';
import { buildDataSourceOptions, openDataSource, ServiceDataOptions } from '@platform/data';
import { AUTH_ENTITIES } from '../apps/auth/src/entities';
import { AUTH_MIGRATIONS } from '../apps/auth/src/migrations';
import { BOOKS_ENTITIES } from '../apps/books/src/entities';
import { BOOKS_MIGRATIONS } from '../apps/books/src/migrations';
import { ACCOUNT_MONTHS_BACKFILL } from '../apps/books/src/migrations/1795880000000-AccountMonths';
import { HR_ENTITIES } from '../apps/hr/src/entities';
import { HR_MIGRATIONS } from '../apps/hr/src/migrations';
import { PAY_ENTITIES } from '../apps/pay/src/entities';
import { PAY_MIGRATIONS } from '../apps/pay/src/migrations';
import { PAYROLL_ENTITIES } from '../apps/payroll/src/entities';
import { PAYROLL_MIGRATIONS } from '../apps/payroll/src/migrations';
import { UTILITIES_ENTITIES } from '../apps/utilities/src/entities';
import { UTILITIES_MIGRATIONS } from '../apps/utilities/src/migrations';

/**
 * Releases before the embedded PostgreSQL store kept each service's rows in DATA_DIR/<service>.sqlite
 * (TypeORM on better-sqlite3, its schema following the entities). This moves them into the
 * services' PostgreSQL schemas. Everything else such a DATA_DIR holds is read as it is by this
 * release: first-start secrets (signing key, pepper, internal token, files' signing key), saved
 * usage (usage.json) and uploaded files (files/objects).
 */

const SERVICES: Record<ServiceName, Omit<ServiceDataOptions, 'service'>> = {
  auth: { entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS },
  hr: { entities: HR_ENTITIES, migrations: HR_MIGRATIONS },
  utilities: { entities: UTILITIES_ENTITIES, migrations: UTILITIES_MIGRATIONS },
  payroll: { entities: PAYROLL_ENTITIES, migrations: PAYROLL_MIGRATIONS },
  pay: { entities: PAY_ENTITIES, migrations: PAY_MIGRATIONS },
  books: { entities: BOOKS_ENTITIES, migrations: BOOKS_MIGRATIONS },
};

/** What a service keeps derived from the rows imported, which SQLite did not hold: computed again once they are in. */
const DERIVED: Partial<Record<ServiceName, string[]>> = { books: [ACCOUNT_MONTHS_BACKFILL] };

/** Where the imported files go, so that the suite stops pointing at them. */
const IMPORTED_DIR = 'imported-sqlite';
/** Rows per INSERT, within PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 500;

/** The SQLite stores of an earlier release found in DATA_DIR. */
export function previousReleaseFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir)
      .filter((name) => name.endsWith('.sqlite') && (name.slice(0, -'.sqlite'.length) as ServiceName) in SERVICES)
      .sort();
  } catch {
    return [];
  }
}

export function previousReleaseNotice(dataDir: string, files: string[]): string {
  return `${dataDir} holds the SQLite stores of an earlier release (${files.join(', ')}), which this release does not read. Import them into PostgreSQL with: npm run -s cli -- data:import-sqlite`;
}

export interface ImportedTable {
  service: ServiceName;
  table: string;
  rows: number;
}

/**
 * Imports every `<service>.sqlite` of DATA_DIR into its service's schema (migrated first, as a
 * start would), one transaction per service, then moves the files to DATA_DIR/imported-sqlite.
 * Refuses before writing anything when a table it would fill already holds rows, or when a
 * SQLite table lacks a column that PostgreSQL requires.
 */
export async function importSqliteStores(env: Environment): Promise<ImportedTable[]> {
  const files = previousReleaseFiles(env.DATA_DIR);
  if (!files.length) throw new Error(`no <service>.sqlite in ${env.DATA_DIR}: nothing to import`);
  const plans: { service: ServiceName; sqlite: Database.Database; dataSource: DataSource }[] = [];
  try {
    for (const file of files) {
      const service = file.slice(0, -'.sqlite'.length) as ServiceName;
      const sqlite = new Database(join(env.DATA_DIR, file), { readonly: true, fileMustExist: true });
      const dataSource = await openDataSource(buildDataSourceOptions(env, { service, ...SERVICES[service] })).catch((error) => {
        sqlite.close();
        throw error;
      });
      plans.push({ service, sqlite, dataSource });
    }
    for (const plan of plans) await checkTargets(plan.service, plan.sqlite, plan.dataSource);
    const imported: ImportedTable[] = [];
    for (const plan of plans) imported.push(...(await copyService(plan.service, plan.sqlite, plan.dataSource)));
    for (const plan of plans) plan.sqlite.close();
    moveAside(env.DATA_DIR, files);
    return imported;
  } finally {
    for (const plan of plans) {
      if (plan.sqlite.open) plan.sqlite.close();
      await plan.dataSource.destroy();
    }
  }
}

/**
 * Tables renamed or reshaped since the SQLite release, by `<schema>.<table>`: the SQLite table
 * their rows come from and, for a column whose value is not copied as it is, the SQLite
 * expression that gives it (null: left to PostgreSQL's default).
 */
const FORMER: Record<string, { table: string; columns?: Record<string, string | null> }> = {
  'payroll.books_postings': { table: 'postings' },
  // as migration BulkPayouts: a run's progress counted from its payslips; a payslip paid before was posted under its own id
  'payroll.payroll_runs': {
    table: 'payroll_runs',
    columns: {
      payment_progress:
        "json_object('total', employee_count, " +
        "'succeeded', (SELECT count(*) FROM payslips p WHERE p.run_id = payroll_runs.id AND p.payment_status = 'succeeded'), " +
        "'failed', (SELECT count(*) FROM payslips p WHERE p.run_id = payroll_runs.id AND p.payment_status = 'failed'), " +
        "'pending', (SELECT count(*) FROM payslips p WHERE p.run_id = payroll_runs.id AND (p.payment_status IS NULL OR p.payment_status = 'pending')))",
    },
  },
  'payroll.payslips': { table: 'payslips', columns: { settlement_id: "CASE payment_status WHEN 'succeeded' THEN id END" } },
  'utilities.captured_messages': { table: 'notification_outbox' },
  'utilities.notification_delivery_attempts': {
    table: 'notification_delivery_attempts',
    columns: { provider: "CASE provider WHEN 'outbox' THEN 'capture' ELSE provider END" },
  },
  // the serial id was the feed's cursor: it becomes the position; events get uuids
  'hr.outbox_events': {
    table: 'outbox_events',
    columns: {
      id: null,
      position: 'id',
      data: 'payload',
      type: "replace(type, 'leave.', 'leave_request.')",
      version: '1',
      published_at: 'COALESCE(published_at, occurred_at)',
    },
  },
};

/** Where a PostgreSQL table's rows come from in SQLite, and each copied column's expression there. */
function sourceOf(
  sqlite: Database.Database,
  metadata: EntityMetadata,
): { table: string; columns: { column: EntityMetadata['columns'][number]; expression: string }[] } | undefined {
  const former = FORMER[`${metadata.schema}.${metadata.tableName}`];
  const table = former?.table ?? metadata.tableName;
  const present = sqliteColumns(sqlite, table);
  if (!present) return undefined;
  const columns = metadata.columns.flatMap((column) => {
    const mapped = former?.columns?.[column.databaseName];
    if (mapped === null) return [];
    if (mapped !== undefined) return [{ column, expression: mapped }];
    return present.has(column.databaseName) ? [{ column, expression: `"${column.databaseName}"` }] : [];
  });
  return { table, columns };
}

function tablesOf(dataSource: DataSource): EntityMetadata[] {
  return dataSource.entityMetadatas.filter((metadata) => metadata.tableType === 'regular');
}

function sqliteColumns(sqlite: Database.Database, table: string): Set<string> | undefined {
  const columns = sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[];
  return columns.length ? new Set(columns.map((column) => column.name)) : undefined;
}

async function checkTargets(service: ServiceName, sqlite: Database.Database, dataSource: DataSource): Promise<void> {
  for (const metadata of tablesOf(dataSource)) {
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM ${qualified(metadata)}`);
    if (count > 0) throw new Error(`${service}: ${metadata.tableName} already holds ${count} rows in PostgreSQL; the import fills empty tables only`);
    const source = sourceOf(sqlite, metadata);
    if (!source) continue;
    const copied = new Set(source.columns.map(({ column }) => column));
    const missing = metadata.columns.filter(
      (column) =>
        !copied.has(column) && !column.isNullable && column.default === undefined && !column.isGenerated && !column.isCreateDate && !column.isUpdateDate,
    );
    if (missing.length)
      throw new Error(
        `${service}: ${metadata.tableName} in SQLite has no ${missing.map((column) => column.databaseName).join(', ')}, which PostgreSQL requires`,
      );
  }
}

async function copyService(service: ServiceName, sqlite: Database.Database, dataSource: DataSource): Promise<ImportedTable[]> {
  const imported: ImportedTable[] = [];
  await dataSource.transaction(async (manager) => {
    for (const metadata of tablesOf(dataSource)) {
      const source = sourceOf(sqlite, metadata);
      if (!source) continue;
      const columns = source.columns.map(({ column }) => column);
      const types = columns.map((column) => dataSource.driver.normalizeType(column));
      const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
      let rows = 0;
      let batch: unknown[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        const values = batch.map((_, row) => `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`).join(', ');
        await manager.query(`INSERT INTO ${qualified(metadata)} (${names}) VALUES ${values}`, batch.flat());
        rows += batch.length;
        batch = [];
      };
      const selected = source.columns.map(({ column, expression }) => `${expression} AS "${column.databaseName}"`).join(', ');
      for (const row of sqlite.prepare(`SELECT ${selected} FROM "${source.table}"`).iterate() as Iterable<Record<string, unknown>>) {
        batch.push(columns.map((column, index) => fromSqlite(row[column.databaseName], types[index])));
        if (batch.length === ROWS_PER_INSERT) await flush();
      }
      await flush();
      for (const column of columns.filter((candidate) => candidate.generationStrategy === 'increment')) {
        await manager.query(`SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max("${column.databaseName}") FROM ${qualified(metadata)}), 1))`, [
          qualified(metadata),
          column.databaseName,
        ]);
      }
      // an outbox's positions go on from the imported events'
      if (metadata.tableName === 'outbox_events') {
        await manager.query(
          `SELECT setval('"${metadata.schema}"."outbox_events_position_seq"', GREATEST((SELECT max("position") FROM ${qualified(metadata)}), 1))`,
        );
      }
      imported.push({ service, table: metadata.tableName, rows });
    }
    for (const statement of DERIVED[service] ?? []) await manager.query(statement);
  });
  return imported;
}

/** A SQLite value as PostgreSQL takes it for a column of `type` (TypeORM's SQLite mapping, undone). */
export function fromSqlite(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === 1 || value === '1' || value === true;
  // TypeORM wrote dates as UTC text without a zone: 2026-11-26 16:05:22.393
  if ((type === 'timestamp with time zone' || type === 'timestamptz') && typeof value === 'string' && !/[zZ]|[+-]\d\d:?\d\d$/.test(value))
    return `${value.replace(' ', 'T')}Z`;
  return value;
}

function qualified(metadata: EntityMetadata): string {
  return `"${metadata.schema}"."${metadata.tableName}"`;
}

function moveAside(dataDir: string, files: string[]): void {
  const target = join(dataDir, IMPORTED_DIR);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const file of files) {
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      if (existsSync(join(dataDir, name))) renameSync(join(dataDir, name), join(target, name));
    }
  }
}
