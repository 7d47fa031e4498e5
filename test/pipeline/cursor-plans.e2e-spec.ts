import { randomUUID } from 'node:crypto';
import { encodeCursor } from '@platform/pipeline';
import { hire } from '../../apps/payroll/test/hand-worked-month';
import { captureQueries, explainPlan, planNodes } from '@test/support/query-plans';
import { startEveryApp } from '@test/support/every-app';
import { RunningApp, TestStack } from '@test/support/stack';

// the samples of the repositories' committed SQL (`npm run queries`) that run a statement
const { queryNames } = require('../../scripts/repository-queries.js') as { queryNames: (sql: string) => string[] };

/**
 * A list's cursor page (`cursor` → `nextCursor`) reads the rows after the cursor's key within
 * the company: on a table of millions of rows of thousands of companies, that must be one range
 * of an index leading with the company (or organization) and the key, read in order, never a
 * walk of the primary key filtered by company nor a sort of the company's rows. The plans are
 * checked with sequential and bitmap scans and sorts off, so that the planner shows the index
 * it would use on a big table whatever the test's few rows (a sort still shows when no index
 * gives the order). Where an app's queries are in repositories, the page's statement is named by
 * the repository method whose committed `.queries.sql` holds it.
 */
describe('the plan of every list’s cursor page', () => {
  let stack: TestStack;
  let apps: Record<string, RunningApp>;

  beforeAll(async () => {
    stack = await TestStack.start();
    apps = await startEveryApp(stack);
  });
  afterAll(() => stack.stop());

  it('reads an index range leading with the company and the key, in order', async () => {
    const dev = await stack.developer();
    const created = async (app: RunningApp, path: string, body: unknown) => {
      const result = await dev.call(app, 'POST', path, { body });
      expect({ path, status: result.status }).toEqual({ path, status: 201 });
      return result.body.data.id as string;
    };
    const workspace = await created(apps.auth, '/api/v1/workspaces', { name: 'Clients' });
    await hire(apps.hr, dev, { hireDate: '2021-01-04' }, { baseSalary: 300_000 });
    const run = await created(apps.payroll, '/api/v1/payroll/runs', { periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    const wallet = await created(apps.pay, '/api/v1/pay/wallets', { name: 'Float', currency: 'XAF' });

    // service, path, and the repository method of the page's statement where the app has repositories
    const lists: [string, string, string?][] = [
      ['auth', '/api/v1/workspaces', 'WorkspacesRepository.listWorkspacesPage (after a cursor)'],
      ['auth', `/api/v1/workspaces/${workspace}/companies`, 'WorkspacesRepository.listCompaniesPage (after a cursor)'],
      ['hr', '/api/v1/hr/employees', 'EmployeesRepository.listEmployeesPage (after a cursor)'],
      ['hr', '/api/v1/hr/contracts', 'ContractsRepository.listContractsPage (after a cursor)'],
      ['hr', '/api/v1/hr/leave-types', 'LeaveTypesRepository.listTypesPage (after a cursor)'],
      ['hr', '/api/v1/hr/leave-requests', 'LeaveRequestsRepository.listRequestsPage (after a cursor)'],
      ['hr', '/api/v1/hr/performance-reviews', 'PerformanceRepository.listReviewsPage (after a cursor)'],
      ['hr', '/api/v1/hr/attendance?from=2026-04-01&to=2026-04-30', 'AttendanceRepository.listRecordsPage (after a cursor)'],
      ['payroll', '/api/v1/payroll/runs', 'RunsRepository.listRunsPage (after a cursor)'],
      ['payroll', `/api/v1/payroll/runs/${run}/payslips`, 'PayslipsRepository.listPayslipsPage (after a cursor)'],
      ['pay', '/api/v1/pay/wallets', 'WalletsRepository.listWalletsPage (after a cursor)'],
      ['pay', `/api/v1/pay/wallets/${wallet}/transactions`, 'WalletsRepository.listLedgerPage (after a cursor)'],
      ['pay', '/api/v1/pay/payments', 'PaymentsRepository.listPaymentsPage (after a cursor)'],
      ['books', '/api/v1/books/journal-entries', 'JournalRepository.listEntriesPage (after a cursor)'],
      ['books', '/api/v1/books/accounts', 'AccountsRepository.listAccountsPage (after a cursor)'],
      ['books', '/api/v1/books/periods', 'PeriodsRepository.listPeriodsPage (after a cursor)'],
      ['utilities', '/api/v1/app/files'],
      ['utilities', '/api/v1/app/documents'],
      ['utilities', '/api/v1/app/document-jobs'],
      ['utilities', `/api/v1/app/notifications?recipient=${randomUUID()}`],
      ['utilities', '/api/v1/app/webhooks/endpoints'],
    ];
    const problems: string[] = [];
    for (const [service, path, query] of lists) {
      const app = apps[service];
      const cursor = encodeCursor([randomUUID()], 1);
      let status = 0;
      const queries = await captureQueries(app, async () => {
        status = (await dev.call(app, 'GET', `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}&limit=20`)).status;
      });
      expect({ path, status }).toEqual({ path, status: 200 });
      // the page's query: the one with the key's range
      const page = queries.find(({ query }) => /\) > \(/.test(query) || /pageAfter/.test(query));
      if (!page) {
        problems.push(`${path}: no keyset query among ${queries.length}`);
        continue;
      }
      if (query && !queryNames(page.query).includes(query)) problems.push(`${path}: not ${query}'s statement in its .queries.sql: ${page.query}`);
      const table = /FROM "(?:[a-z_]+)"\."([a-z_]+)"/.exec(page.query)?.[1] ?? /FROM "([a-z_]+)"/.exec(page.query)?.[1];
      // what would serve a big table: no sequential or bitmap reads, and a sort only when no index gives the order
      const all = planNodes(await explainPlan(app, page, ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']));
      const scan = all.find((node) => node['Relation Name'] === table);
      // a bitmap scan's condition is on its index scan below
      const cond = (scan && (scan['Index Cond'] ?? planNodes(scan).find((node) => node['Index Cond'])?.['Index Cond'])) ?? '';
      if (!scan || !/Index/.test(scan['Node Type']) || !/(company_id|organization_id) =/.test(cond) || !/ > /.test(cond)) {
        problems.push(`${path}: ${table} read by ${scan?.['Node Type'] ?? 'nothing'} ${scan?.['Index Name'] ?? ''} on "${cond}"`);
      }
      if (all.some((node) => node['Node Type'] === 'Sort')) problems.push(`${path}: sorts its rows`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
