import { DataSource } from 'typeorm';
import { Developer, RunningApp } from '@test/support/stack';
import { hire } from './hand-worked-month';

/** The columns of one of HR's tables but those named, quoted, as the test database has them. */
async function columnsOf(dataSource: DataSource, table: string, except: string[]): Promise<string[]> {
  const rows: { column_name: string }[] = await dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'hr' AND table_name = $1 AND NOT (column_name = ANY($2)) ORDER BY ordinal_position`,
    [table, except],
  );
  return rows.map((row) => `"${row.column_name}"`);
}

/**
 * `count` employees of the developer's company, each with a monthly contract of `baseSalary`
 * since 2021: one hired through HR's API, the others copies of it written straight into HR's
 * tables (hiring thousands one request at a time is not what these tests are about). Each copy
 * has its own external id, name and mobile-money number.
 */
export async function manyEmployees(hr: RunningApp, dev: Developer, count: number, baseSalary = 200_000): Promise<void> {
  await hire(hr, dev, { firstName: 'Model', lastName: 'Employee', hireDate: '2021-01-04' }, { baseSalary });
  const dataSource = hr.app.get(DataSource);
  const employees = await columnsOf(dataSource, 'employees', ['id', 'external_id', 'last_name', 'payout']);
  const contracts = await columnsOf(dataSource, 'contracts', ['id', 'employee_id']);
  await dataSource.transaction(async (manager) => {
    const [model] = await manager.query(`SELECT id FROM hr.employees WHERE company_id = $1 AND last_name = 'Employee' AND first_name = 'Model'`, [
      dev.organizationId,
    ]);
    await manager.query(
      `INSERT INTO hr.employees (id, external_id, last_name, payout, ${employees.join(', ')})
       SELECT gen_random_uuid(), 'BULK-' || n, 'Employee ' || lpad(n::text, 6, '0'),
              jsonb_build_object('method', 'mobile_money', 'provider', 'mtn_momo', 'phoneNumber', '+2376' || lpad((n * 10 + 1)::text, 8, '0')),
              ${employees.map((column) => `e.${column}`).join(', ')}
       FROM hr.employees e CROSS JOIN generate_series(1, $2) AS n WHERE e.id = $1`,
      [model.id, count - 1],
    );
    await manager.query(
      `INSERT INTO hr.contracts (id, employee_id, ${contracts.join(', ')})
       SELECT gen_random_uuid(), e.id, ${contracts.map((column) => `c.${column}`).join(', ')}
       FROM hr.contracts c JOIN hr.employees e ON e.company_id = c.company_id AND e.external_id LIKE 'BULK-%'
       WHERE c.employee_id = $1`,
      [model.id],
    );
  });
}
