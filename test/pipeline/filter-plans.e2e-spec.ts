import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { encodeCursor } from '@platform/pipeline';
import { hire } from '../../apps/payroll/test/hand-worked-month';
import { call, HttpResult } from '@test/support/http';
import { CapturedQuery, captureStatements, explainPlan, pageNodes } from '@test/support/query-plans';
import { startEveryApp } from '@test/support/every-app';
import { RunningApp, TestStack } from '@test/support/stack';

// the samples of the repositories' committed SQL (`npm run queries`) that run a statement
const { queryNames } = require('../../scripts/repository-queries.js') as { queryNames: (sql: string) => string[] };

interface Filter {
  /** The query string that sets it. */
  query: string;
  /** The column it reads, as the plan names it. */
  column: string;
  /** Why a sort of its matches is acceptable: they are few. */
  few?: string;
  /**
   * The modes whose page is found on a walk of an index range of the company in the page's order,
   * the filter checked on the way: a range on a column other than that order (no index both bounds
   * it and gives the order), or a filter whose rows the walk passes by are bounded.
   */
  walks?: ('page' | 'cursor')[];
}

interface List {
  service: string;
  path: string;
  table: string;
  /** The column a page's index range leads with: the company, or what narrows it further (an endpoint). */
  scope?: string;
  /** A list of page mode only (no `cursor`). */
  pageOnly?: boolean;
  /** The repository method whose `.queries.sql` holds the page's statements, in an app whose queries are in repositories. */
  query?: string;
  filters: Filter[];
}

/**
 * At 100,000 rows in a company, every filter of every list answers its first page (page mode)
 * and a page deep in the list (cursor mode) from one range of an index that leads with the
 * company and holds the filter's value, in the page's order: page mode in the list's own order,
 * cursor mode in the key's (`(id) > (cursor)`). The tables are never analyzed, so the planner
 * has no statistics; the plans are read with sequential and bitmap scans and sorts off, so that
 * it shows the index it would use on a big table whatever the test's few rows. A filter is
 * served when the list's table is read by an index scan whose condition (or, for a partial
 * index, whose predicate) has the company and the filter's column, and nothing sorts the
 * filter's matches; where they are few (a nearly unique column, one employee's rows) sorts are
 * left on and a sort of them is fine. An incremental sort (of rows tied on the index's order,
 * read in order) stops with the page and is not counted as one.
 *
 * Page mode's statement is captured at the pg client: a list whose filters are all equalities
 * runs a named prepared statement on the pool, which TypeORM's logger never sees.
 *
 * Where an app's queries are in repositories, the page's statement is named by the repository
 * method whose committed `.queries.sql` holds it (`query`): the plan checked here is the SQL a
 * reviewer reads beside the repository.
 *
 * Lists without filters (workspaces, a workspace's companies, leave types, a run's payslips, a
 * wallet's transactions, periods, webhook endpoints) are in cursor-plans; journal entries by
 * account and dates in books' list-plans.
 */
describe('the plan of every list filter’s pages', () => {
  let stack: TestStack;
  let apps: Record<string, RunningApp>;

  beforeAll(async () => {
    stack = await TestStack.start();
    apps = await startEveryApp(stack);
  });
  afterAll(() => stack.stop());

  it('reads one index range of the company and the filter, in the page’s order', async () => {
    const dev = await stack.developer();
    const person = await stack.person(dev.organizationId);
    const created = async (app: RunningApp, path: string, body: unknown) => {
      const result = await dev.call(app, 'POST', path, { body });
      expect({ path, status: result.status }).toEqual({ path, status: 201 });
      return result.body.data.id as string;
    };
    const employee = await hire(apps.hr, dev, { hireDate: '2021-01-04' }, { baseSalary: 300_000 });
    const wallet = await created(apps.pay, '/api/v1/pay/wallets', { name: 'Float', currency: 'XAF' });
    const endpoint = await created(apps.utilities, '/api/v1/app/webhooks/endpoints', { url: 'http://127.0.0.1:9/hooks' });
    const organization = `/api/v1/account/organizations/${dev.organizationId}`;
    // one employee's rows: a handful of contracts and reviews, a few leave requests a year, a day each of a range of attendance
    const oneEmployee = 'one employee’s rows are few';

    const lists: List[] = [
      {
        service: 'auth',
        path: `${organization}/requests`,
        table: 'request_log',
        scope: 'organization_id',
        pageOnly: true,
        query: 'RequestLogRepository.listRequestsPage',
        filters: [
          { query: `credentialId=${dev.credentialId}`, column: 'credential_id' },
          // a success is kept only while among the organization's last 1,000 requests: a walk of its newest requests passes at most 1,000 of them
          { query: 'outcome=error', column: 'status', walks: ['page'] },
          { query: 'outcome=success', column: 'status' },
          { query: 'from=2026-01-01T00:00:00Z', column: 'occurred_at' },
          { query: 'to=2026-01-01T00:00:00Z', column: 'occurred_at' },
        ],
      },
      {
        service: 'auth',
        path: `${organization}/audit-log`,
        table: 'audit_log',
        scope: 'organization_id',
        pageOnly: true,
        query: 'AuditRepository.listEntriesPage',
        filters: [
          { query: 'action=key.created', column: 'action' },
          { query: `actorUserId=${randomUUID()}`, column: 'actor_user_id' },
          { query: 'from=2026-01-01T00:00:00Z', column: 'occurred_at' },
          { query: 'to=2026-01-01T00:00:00Z', column: 'occurred_at' },
        ],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/employees',
        table: 'employees',
        query: 'EmployeesRepository.listEmployeesPage',
        filters: [
          { query: 'status=active', column: 'status' },
          { query: 'department=Finance', column: 'department' },
          { query: 'externalId=EMP-0042', column: 'external_id', few: 'unique within the company' },
          { query: 'email=amina%40example.cm', column: 'email', few: 'one person’s address' },
        ],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/contracts',
        table: 'contracts',
        query: 'ContractsRepository.listContractsPage',
        filters: [
          { query: `employeeId=${employee}`, column: 'employee_id', few: oneEmployee },
          { query: 'status=active', column: 'status' },
          { query: 'externalId=CTR-0042-2025', column: 'external_id', few: 'unique within the company' },
        ],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/leave-requests',
        table: 'leave_requests',
        query: 'LeaveRequestsRepository.listRequestsPage',
        filters: [
          { query: `employeeId=${employee}`, column: 'employee_id', few: oneEmployee },
          { query: 'status=pending', column: 'status' },
          { query: 'from=2026-01-01', column: 'end_date', walks: ['page', 'cursor'] },
          { query: 'to=2026-01-01', column: 'start_date', walks: ['cursor'] },
        ],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/performance-reviews',
        table: 'performance_reviews',
        query: 'PerformanceRepository.listReviewsPage',
        filters: [
          { query: `employeeId=${employee}`, column: 'employee_id', few: oneEmployee },
          { query: 'status=submitted', column: 'status' },
        ],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/attendance?from=2026-04-01&to=2026-04-30',
        table: 'attendance_records',
        query: 'AttendanceRepository.listRecordsPage',
        filters: [{ query: `employeeId=${employee}`, column: 'employee_id', few: oneEmployee }],
      },
      {
        service: 'hr',
        path: '/api/v1/hr/attendance/summary?from=2026-04-01&to=2026-04-30',
        table: 'employees',
        query: 'AttendanceRepository.listEmployeesPage',
        pageOnly: true,
        filters: [{ query: `employeeId=${employee}`, column: 'id', few: 'the employee itself' }],
      },
      {
        service: 'payroll',
        path: '/api/v1/payroll/runs',
        table: 'payroll_runs',
        query: 'RunsRepository.listRunsPage',
        filters: [
          { query: 'status=draft', column: 'status' },
          { query: 'from=2026-01-01', column: 'period_start', walks: ['page', 'cursor'] },
          { query: 'to=2026-12-31', column: 'period_end', walks: ['page', 'cursor'] },
        ],
      },
      {
        service: 'pay',
        path: '/api/v1/pay/wallets',
        table: 'wallets',
        query: 'WalletsRepository.listWalletsPage',
        filters: [{ query: 'currency=XAF', column: 'currency' }],
      },
      {
        service: 'pay',
        path: '/api/v1/pay/payments',
        table: 'payments',
        query: 'PaymentsRepository.listPaymentsPage',
        filters: [
          { query: 'status=pending', column: 'status' },
          { query: `walletId=${wallet}`, column: 'wallet_id' },
        ],
      },
      {
        service: 'books',
        path: '/api/v1/books/journal-entries',
        table: 'books_journal_entries',
        query: 'JournalRepository.listEntriesPage',
        filters: [{ query: 'reference=INV-2026-0042', column: 'reference', few: 'a document’s entries' }],
      },
      {
        service: 'books',
        path: '/api/v1/books/accounts',
        table: 'books_accounts',
        query: 'AccountsRepository.listAccountsPage',
        filters: [
          { query: 'type=expense', column: 'type' },
          { query: 'active=true', column: 'active' },
          // a prefix is a range: its accounts are found on a walk of the company's chart (hundreds of accounts) in code order, the page's
          { query: 'codePrefix=66', column: 'code', walks: ['page', 'cursor'] },
        ],
      },
      { service: 'utilities', path: '/api/v1/app/files', table: 'files', filters: [{ query: 'visibility=public', column: 'visibility' }] },
      { service: 'utilities', path: '/api/v1/app/documents', table: 'documents', filters: [{ query: 'type=payslip', column: 'type' }] },
      { service: 'utilities', path: '/api/v1/app/document-jobs', table: 'document_jobs', filters: [{ query: 'status=queued', column: 'status' }] },
      {
        service: 'utilities',
        path: '/api/v1/app/notifications',
        table: 'notification_inbox',
        filters: [
          { query: `recipient=${employee}`, column: 'recipient' },
          // within one recipient's inbox (the list always names one): its entries, walked in order, with their category or read state
          { query: 'category=approval', column: 'category', walks: ['page', 'cursor'] },
          { query: 'unread=true', column: 'read_at' },
          { query: 'unread=false', column: 'read_at', walks: ['page', 'cursor'] },
        ],
      },
      {
        service: 'utilities',
        path: `/api/v1/app/webhooks/endpoints/${endpoint}/deliveries`,
        table: 'webhook_deliveries',
        scope: 'endpoint_id',
        filters: [{ query: 'status=failed', column: 'status' }],
      },
    ];

    const problems: string[] = [];
    for (const list of lists) {
      const app = apps[list.service];
      const scope = list.scope ?? 'company_id';
      for (const filter of list.filters) {
        for (const mode of list.pageOnly ? (['page'] as const) : (['page', 'cursor'] as const)) {
          const paging = mode === 'page' ? 'page=1&limit=20' : `cursor=${encodeCursor([randomUUID()], 1)}&limit=20`;
          const path = `${list.path}${list.path.includes('?') ? '&' : '?'}${filter.query}&${paging}`;
          const label = `${list.path.replace(/\?.*/, '')}?${filter.query} (${mode})`;
          // the organization's own lists serve people signed in to the dashboard; the products' serve keys
          const get = async () =>
            list.service === 'auth' ? call(app.url, 'GET', path, { headers: await person.sessionHeader('GET', path) }) : dev.call(app, 'GET', path);
          const statement = await pageStatement(get, path, list.table, mode);
          if (!statement) {
            problems.push(`${label}: no page query of ${list.table}`);
            continue;
          }
          if (list.query && !queryNames(statement.query).some((name) => name === list.query || name.startsWith(`${list.query} (`))) {
            problems.push(`${label}: not a statement of ${list.query} in its .queries.sql (a sample of this filter is missing): ${statement.query}`);
          }
          const walks = filter.walks?.includes(mode) ?? false;
          // on the test's few rows an index of the company alone (every row, in order) costs as little as any: with the indexes that
          // lack the filter's column out of the way, the planner shows whether one that has it serves the page (a walk keeps them all)
          const column = new RegExp(`\\b${filter.column}\\b`);
          const indexes = await indexesOf(app, statement, list.table);
          const others = walks ? [] : indexes.filter((index) => !column.test(index.definition));
          // a filter's few matches may be sorted: the planner is left to choose that
          const off = ['enable_seqscan', 'enable_bitmapscan', ...(filter.few ? [] : ['enable_sort'])];
          const nodes = pageNodes(
            await explainPlan(
              app,
              statement,
              off,
              others.map((index) => `DROP INDEX ${index.qualified}`),
            ),
          );
          const scan = nodes.find((node) => node['Relation Name'] === list.table);
          const cond = scan?.['Index Cond'] ?? '';
          const bound = column.test(cond) || indexes.some((index) => index.name === scan?.['Index Name'] && column.test(index.predicate));
          if (!scan || !/Index/.test(scan['Node Type']) || !new RegExp(`\\b${scope} =`).test(cond) || (!bound && !walks)) {
            problems.push(`${label}: ${list.table} read by ${scan?.['Node Type'] ?? 'nothing'} ${scan?.['Index Name'] ?? ''} on "${cond}"`);
          }
          if (!filter.few && nodes.some((node) => node['Node Type'] === 'Sort')) problems.push(`${label}: sorts its rows`);
        }
      }
    }
    expect(problems).toEqual([]);
    // and the planner had no statistics to go by
    const [{ stats }] = await apps.hr.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS stats FROM pg_stats WHERE tablename = ANY($1)`, [lists.map((list) => list.table)]);
    expect(stats).toBe(0);
  }, 300_000);

  /** The statement that reads the page of `path` from `table`: page mode's (ordered and limited) or cursor mode's (the key's range). */
  async function pageStatement(get: () => Promise<HttpResult>, path: string, table: string, mode: 'page' | 'cursor'): Promise<CapturedQuery | undefined> {
    let status = 0;
    const statements = await captureStatements(
      async () => {
        status = (await get()).status;
      },
      (query) => new RegExp(`"${table}"`).test(query) && /\bORDER BY\b/.test(query) && /\bLIMIT\b/.test(query),
    );
    expect({ path, status }).toEqual({ path, status: 200 });
    return statements.find(({ query }) => (mode === 'cursor') === /\) > \(/.test(query));
  }

  /** The plain indexes of the statement's table (not those of its constraints), with their keys (and predicate) and their predicate. */
  async function indexesOf(
    app: RunningApp,
    statement: CapturedQuery,
    table: string,
  ): Promise<{ name: string; qualified: string; definition: string; predicate: string }[]> {
    const schema = new RegExp(`"(\\w+)"\\."${table}"`).exec(statement.query)?.[1] ?? 'public';
    return app.app.get(DataSource).query(
      `SELECT c.relname AS name, format('%I.%I', n.nspname, c.relname) AS qualified, regexp_replace(pg_get_indexdef(i.indexrelid), '^.* USING ', '') AS definition, coalesce(pg_get_expr(i.indpred, i.indrelid), '') AS predicate
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = $1 AND t.relname = $2 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      [schema, table],
    );
  }
});
