const rule = require('./import-boundaries');
const { at, ruleTester } = require('./rule-tester');

const service = at('apps/payroll/src/runs/runs.service.ts');

ruleTester.run('import-boundaries', rule, {
  valid: [
    {
      code: "import { PlatformException } from '@platform/common'; import { Payslip } from './payslip.entity'; import { HrClient } from '../hr/hr.client';",
      filename: service,
    },
    { code: "import { useStandardFonts } from '@platform/common/documents/pdf-fonts';", filename: at('apps/utilities/src/documents/render/pdf-renderer.ts') },
    { code: "import { postgresPool } from '../library-internals/typeorm-pool';", filename: at('libs/common/src/database/prepared.ts') },
    { code: "import { TestStack } from '../../../test/support/stack';", filename: at('apps/hr/test/contacts.e2e-spec.ts') },
    { code: "import { addDeveloperCommands } from '../apps/auth/src/cli/developer-commands';", filename: at('suite/cli.ts') },
    // tests check only the alias: they start other apps' modules and test the fenced patches
    { code: "import { HrModule } from '../../hr/src/hr.module';", filename: at('apps/payroll/test/runs.e2e-spec.ts'), options: [{ checks: ['alias'] }] },
    { code: "import { HrModule } from '../../../hr/src/hr.module';", filename: service, options: [{ allow: ['apps/payroll/src/runs/runs.service.ts'] }] },
  ],
  invalid: [
    {
      code: "import { HrModule } from '../../../hr/src/hr.module';",
      filename: service,
      errors: [{ messageId: 'acrossApps', data: { from: 'apps/payroll', target: 'apps/hr/src/hr.module' } }],
    },
    { code: "export { Employee } from '../../../hr/src/employees/employee.entity';", filename: service, errors: [{ messageId: 'acrossApps' }] },
    { code: "const hr = require('../../../hr/src/hr.module');", filename: service, errors: [{ messageId: 'acrossApps' }] },
    { code: "type Hr = typeof import('../../../hr/src/hr.module');", filename: service, errors: [{ messageId: 'acrossApps' }] },
    { code: "const load = () => import('../../../hr/src/hr.module');", filename: service, errors: [{ messageId: 'acrossApps' }] },
    {
      code: "import { AUTH_ENTITIES } from '../../../../apps/auth/src/entities';",
      filename: at('libs/common/src/database/database.module.ts'),
      errors: [{ messageId: 'libraryImportsApp' }],
    },
    {
      code: "import { compileAcceptor } from '@platform/common/library-internals/validation-fast-path';",
      filename: at('apps/utilities/src/notifications/preferences.service.ts'),
      errors: [{ messageId: 'internals' }],
    },
    { code: "import '../libs/common/src/library-internals';", filename: at('suite/main.ts'), errors: [{ messageId: 'internals' }, { messageId: 'alias' }] },
    { code: "import { Transactions } from '../../../../libs/common/src/database/transactions';", filename: service, errors: [{ messageId: 'alias' }] },
    {
      code: "import { Transactions } from '../../../libs/common/src/database/transactions';",
      filename: at('apps/hr/test/fixtures.ts'),
      options: [{ checks: ['alias'] }],
      errors: [{ messageId: 'alias' }],
    },
    {
      code: "import { PlatformException } from '@platform/common';",
      filename: service,
      options: [{ allow: ['apps/payroll/src/runs/runs.service.ts'] }],
      errors: [{ messageId: 'stale' }],
    },
  ],
});
