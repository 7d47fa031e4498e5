import { createHash } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { postgresPool } from '@platform/pipeline/library-internals/typeorm-pool';

/**
 * A statement for the hot paths, run on the data source's own pg pool as a named prepared
 * statement: the SQL is written once (at start, or once per query shape) instead of by a query
 * builder on every request, and PostgreSQL parses and plans it once per connection. The name
 * is derived from the text, so two statements never share one.
 */
export class PreparedStatement {
  readonly name: string;

  constructor(readonly text: string) {
    this.name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  }

  async run<R extends QueryResultRow>(dataSource: DataSource, values: unknown[]): Promise<R[]> {
    const result = await postgresPool(dataSource).query<R>({ name: this.name, text: this.text, values });
    return result.rows;
  }
}

/** `"schema"."table"` of an entity, as a statement names it. */
export function qualifiedTable(dataSource: DataSource, entity: Function): string {
  const { schema, tableName } = dataSource.getMetadata(entity);
  return schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
}
