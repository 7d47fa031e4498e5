const rule = require('./data-source-in-data-layer');
const { at, ruleTester } = require('./rule-tester');

ruleTester.run('data-source-in-data-layer', rule, {
  valid: [
    { code: "import { EntityManager, In } from 'typeorm';", filename: at('apps/hr/src/employees/employees.service.ts') },
    {
      code: 'class S { constructor(private readonly transactions: Transactions) {} run() { return this.transactions.run(async (manager) => manager); } }',
      filename: at('apps/hr/src/employees/employees.service.ts'),
    },
    {
      code: "import { DataSource } from 'typeorm';",
      filename: at('apps/hr/src/employees/employees.service.ts'),
      options: [{ allow: ['apps/hr/src/employees/employees.service.ts'] }],
    },
  ],
  invalid: [
    { code: "import { DataSource, In } from 'typeorm';", filename: at('apps/hr/src/employees/employees.service.ts'), errors: [{ messageId: 'import' }] },
    { code: "import type { DataSource } from 'typeorm';", filename: at('apps/hr/src/x.service.ts'), errors: [{ messageId: 'import' }] },
    {
      code: 'class S { constructor(@InjectDataSource() private readonly db: unknown) {} }',
      filename: at('apps/hr/src/x.service.ts'),
      errors: [{ messageId: 'inject' }],
    },
    {
      code: 'class S { save() { return this.dataSource.transaction(async (manager) => manager.save(1)); } }',
      filename: at('apps/utilities/src/files/files.service.ts'),
      errors: [{ messageId: 'transaction' }],
    },
    {
      code: 'async function f(manager) { await manager.transaction(() => undefined); }',
      filename: at('apps/hr/src/x.ts'),
      errors: [{ messageId: 'transaction' }],
    },
    // an allowlisted file that no longer breaks the rule is reported, so the list only shrinks
    {
      code: "import { In } from 'typeorm';",
      filename: at('apps/hr/src/x.service.ts'),
      options: [{ allow: ['apps/hr/src/x.service.ts'] }],
      errors: [{ messageId: 'stale' }],
    },
  ],
});
