import { randomUUID } from 'node:crypto';
import { DataSource, Logger } from 'typeorm';
import { encodeCursor } from '@platform/common';
import { HrModule } from '../src/hr.module';
import { Developer, RunningApp, TestStack } from '../../../test/support/stack';
import { hire } from './fixtures';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * A filtered cursor page of the employee list reads one range of the filter's index within the
 * company, in the key's order: no walk of every employee of the company, no sort. The plans are
 * read with sequential scans off, so that the planner shows what it would use on a big table.
 */
describe('the employee list’s filters', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
    await hire(dev, hr);
  });
  afterAll(() => stack.stop());

  /** The keyset query a cursor page of `path` runs, with its parameters. */
  async function pageQuery(path: string): Promise<{ query: string; parameters: unknown[] }> {
    const dataSource = hr.app.get(DataSource);
    const queries: { query: string; parameters: unknown[] }[] = [];
    const logger: Logger = {
      logQuery: (query: string, parameters?: unknown[]) => void (/pageAfter|\) > \(/.test(query) && queries.push({ query, parameters: parameters ?? [] })),
      logQueryError: () => undefined,
      logQuerySlow: () => undefined,
      logSchemaBuild: () => undefined,
      logMigration: () => undefined,
      log: () => undefined,
    };
    const saved = dataSource.logger;
    Object.assign(dataSource, { logger });
    try {
      const result = await dev.call(hr, 'GET', `${path}&cursor=${encodeCursor([randomUUID()], 1)}&limit=20`);
      expect(result.status).toBe(200);
    } finally {
      Object.assign(dataSource, { logger: saved });
    }
    expect(queries).toHaveLength(1);
    return queries[0];
  }

  it.each([
    ['status=active', 'idx_employees_company_status', 'status'],
    ['department=Finance', 'idx_employees_company_department', 'department'],
    ['email=amina%40example.cm', 'idx_employees_company_email', 'email'],
  ])('%s reads %s', async (filter, index, column) => {
    const { query, parameters } = await pageQuery(`/api/v1/hr/employees?${filter}`);
    const plan = await hr.app.get(DataSource).transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const [row] = await manager.query(`EXPLAIN (FORMAT JSON) ${query}`, parameters);
      return (row['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
    });
    const all = nodes(plan);
    const scan = all.find((node) => node['Index Name'] === index);
    expect(scan?.['Node Type']).toMatch(/Index/);
    expect(scan?.['Index Cond']).toEqual(expect.stringMatching(new RegExp(`company_id = .*${column}\\)?(::text)? = .*id > `, 's')));
    expect(all.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
  });
});
