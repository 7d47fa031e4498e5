import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * Rows of an entity sent as one JSON document and unpacked by PostgreSQL (json_to_recordset):
 * one statement of a few bound values for a thousand rows, where a multi-row VALUES takes a value
 * per column per row (and hits the driver's parameter limit). Objects in the document are keyed
 * by property name; `columns` are the entity's columns for `properties`, in the entity's order.
 */
export interface JsonRecordset {
  columns: ColumnMetadata[];
  /** The columns' names, for `INSERT INTO table (…)`. */
  names: string;
  /** The record's fields in the same order, for `SELECT …`. */
  fields: string;
  /** `json_to_recordset(<parameter>::json) AS <alias>(…)`, for `FROM`. */
  from(parameter: string, alias: string): string;
}

export function jsonRecordset<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, properties: readonly string[]): JsonRecordset {
  const columns = dataSource.getMetadata(entity).columns.filter((column) => properties.includes(column.propertyName));
  const record = columns.map((column) => `"${column.propertyName}" ${column.type as string}`).join(', ');
  return {
    columns,
    names: columns.map((column) => `"${column.databaseName}"`).join(', '),
    fields: columns.map((column) => `"${column.propertyName}"`).join(', '),
    from: (parameter, alias) => `json_to_recordset(${parameter}::json) AS ${alias}(${record})`,
  };
}
