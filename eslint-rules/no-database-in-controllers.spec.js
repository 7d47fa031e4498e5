const rule = require('./no-database-in-controllers');
const { at, ruleTester } = require('./rule-tester');

const controller = at('apps/hr/src/employees/employees.controller.ts');

ruleTester.run('no-database-in-controllers', rule, {
  valid: [
    {
      code: "import { Controller, Get, Query } from '@nestjs/common'; class C { list(@Query() query: unknown) { return this.service.list(query); } }",
      filename: controller,
    },
    { code: 'class C { get() { return this.request.query; } }', filename: controller },
    {
      code: "import { DataSource } from 'typeorm'; this.dataSource.query('SELECT 1');",
      filename: controller,
      options: [{ allow: ['apps/hr/src/employees/employees.controller.ts'] }],
    },
  ],
  invalid: [
    { code: "import { DataSource } from 'typeorm';", filename: controller, errors: [{ messageId: 'import', data: { name: 'DataSource' } }] },
    { code: "import { Repository, EntityManager } from 'typeorm';", filename: controller, errors: [{ messageId: 'import' }, { messageId: 'import' }] },
    {
      code: "import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';",
      filename: controller,
      errors: [{ messageId: 'import' }, { messageId: 'import' }],
    },
    { code: "class C { async list() { return this.db.query('SELECT 1'); } }", filename: controller, errors: [{ messageId: 'call', data: { name: 'query' } }] },
    {
      code: 'class C { list() { return this.db.getRepository(Employee).createQueryBuilder(`e`).getMany(); } }',
      filename: controller,
      errors: [{ messageId: 'call' }, { messageId: 'call' }],
    },
    {
      code: "import { Get } from '@nestjs/common';",
      filename: controller,
      options: [{ allow: ['apps/hr/src/employees/employees.controller.ts'] }],
      errors: [{ messageId: 'stale' }],
    },
  ],
});
