import { Client } from 'pg';
import { DataSource, Logger } from 'typeorm';
import { RunningApp } from './stack';

/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan, as far as the plan checks read it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

export interface CapturedQuery {
  query: string;
  parameters: unknown[];
}

/** A plan's node and every node below it. */
export const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];

/** The nodes that read a page: the plan less its init plans and subplans (a count the statement makes only when the page cannot tell the total). */
export const pageNodes = <N extends PlanNode>(plan: N): N[] => [
  plan,
  ...((plan.Plans ?? []) as N[]).filter((child) => !/InitPlan|SubPlan/.test(child['Parent Relationship'] ?? '')).flatMap((child) => pageNodes(child)),
];

/** The statements the app's data source runs through TypeORM while `work` runs (those `keep` takes), with their parameters. */
export async function captureQueries(app: RunningApp, work: () => Promise<void>, keep: (query: string) => boolean = () => true): Promise<CapturedQuery[]> {
  const dataSource = app.app.get(DataSource);
  const queries: CapturedQuery[] = [];
  const logger: Logger = {
    logQuery: (query: string, parameters?: unknown[]) => void (keep(query) && queries.push({ query, parameters: parameters ?? [] })),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const saved = dataSource.logger;
  Object.assign(dataSource, { logger });
  try {
    await work();
  } finally {
    Object.assign(dataSource, { logger: saved });
  }
  return queries;
}

/**
 * The plan PostgreSQL makes for a captured statement with the planner settings in `off` turned
 * off, after `before` (statements run in the same transaction, which is rolled back).
 */
export async function explainPlan(
  app: RunningApp,
  { query, parameters }: CapturedQuery,
  off: string[] = ['enable_seqscan'],
  before: string[] = [],
): Promise<PlanNode> {
  const runner = app.app.get(DataSource).createQueryRunner();
  await runner.startTransaction();
  try {
    for (const setting of off) await runner.query(`SET LOCAL ${setting} = off`);
    for (const statement of before) await runner.query(statement);
    const [row] = await runner.query(`EXPLAIN (FORMAT JSON) ${query}`, parameters);
    return (row['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

/**
 * The statements every pg client of this process sends while `work` runs (those `keep` takes),
 * with their values: TypeORM's, and also the named prepared statements run on the pool
 * directly, which TypeORM's logger never sees.
 */
export async function captureStatements(work: () => Promise<void>, keep: (query: string) => boolean = () => true): Promise<CapturedQuery[]> {
  const statements: CapturedQuery[] = [];
  const original = Client.prototype.query;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text?: unknown; values?: unknown } | undefined, unknown];
    const query = typeof first === 'string' ? first : first?.text;
    if (typeof query === 'string' && keep(query)) {
      const values = typeof first === 'string' ? second : (first?.values ?? second);
      statements.push({ query, parameters: Array.isArray(values) ? values : [] });
    }
    return original.apply(this, args as never);
  } as typeof original;
  try {
    await work();
  } finally {
    Client.prototype.query = original;
  }
  return statements;
}
