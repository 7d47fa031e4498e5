import { randomUUID } from 'node:crypto';
import { encodeCursor } from '@platform/pipeline';
import { HrModule } from '../src/hr.module';
import { captureQueries, CapturedQuery, explainPlan, planNodes } from '@test/support/query-plans';
import { Developer, RunningApp, TestStack } from '@test/support/stack';
import { hire } from './fixtures';

/**
 * A filtered cursor page of the employee list reads one range of the filter's index within the
 * company, in the key's order: no walk of every employee of the company, no sort. The plans are
 * read with sequential and bitmap scans off, so that the planner shows what it would use on a big
 * table.
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
  async function pageQuery(path: string): Promise<CapturedQuery> {
    const queries = await captureQueries(
      hr,
      async () => {
        const result = await dev.call(hr, 'GET', `${path}&cursor=${encodeCursor([randomUUID()], 1)}&limit=20`);
        expect(result.status).toBe(200);
      },
      (query) => /pageAfter|\) > \(/.test(query),
    );
    expect(queries).toHaveLength(1);
    return queries[0];
  }

  it.each([
    ['status=active', 'idx_employees_company_status', 'status'],
    ['department=Finance', 'idx_employees_company_department', 'department'],
    ['email=amina%40example.cm', 'idx_employees_company_email', 'email'],
  ])('%s reads %s', async (filter, index, column) => {
    // on the test's few rows the company's key index (every employee, in order) costs as little as any: with it out of the way, the planner shows what serves a selective filter
    const all = planNodes(
      await explainPlan(
        hr,
        await pageQuery(`/api/v1/hr/employees?${filter}`),
        ['enable_seqscan', 'enable_bitmapscan'],
        ['DROP INDEX "hr"."idx_employees_company_id"'],
      ),
    );
    const scan = all.find((node) => node['Index Name'] === index);
    expect(scan?.['Node Type']).toMatch(/Index/);
    expect(scan?.['Index Cond']).toEqual(expect.stringMatching(new RegExp(`company_id = .*${column}\\)?(::text)? = .*id > `, 's')));
    expect(all.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
  });
});
