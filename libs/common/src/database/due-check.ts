import type { DataSource } from 'typeorm';
import { PreparedStatement, qualifiedTable } from './prepared';

/**
 * Whether a background worker's poll finds anything due, asked before its claim: one prepared
 * `SELECT 1 … LIMIT 1` on the claim's index, so that a poll with nothing to do (nearly all of
 * them) costs one statement instead of a transaction of three round trips and a query builder's
 * work. That work took 1–2 ms of the event loop a poll, several polls a second, in the middle of
 * the requests being served.
 *
 * `where` writes the condition from quoted column names (`column('nextAttemptAt')`), with `$1`
 * for the poll's time: the claim's clock, not the database's.
 */
export class DueCheck {
  private statement?: PreparedStatement;

  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: Function,
    private readonly where: (column: (property: string) => string) => string,
  ) {}

  async anythingDue(now: Date): Promise<boolean> {
    this.statement ??= this.prepare();
    return (await this.statement.run(this.dataSource, [now])).length > 0;
  }

  private prepare(): PreparedStatement {
    const metadata = this.dataSource.getMetadata(this.entity);
    const column = (property: string) => {
      const found = metadata.findColumnWithPropertyName(property);
      if (!found) throw new Error(`${metadata.name} has no column for ${property}`);
      return `"${found.databaseName}"`;
    };
    return new PreparedStatement(`SELECT 1 FROM ${qualifiedTable(this.dataSource, this.entity)} WHERE ${this.where(column)} LIMIT 1`);
  }
}
