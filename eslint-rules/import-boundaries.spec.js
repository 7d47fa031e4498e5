const rule = require('./import-boundaries');
const { at, ruleTester } = require('./rule-tester');

const service = at('apps/payroll/src/runs/runs.service.ts');

ruleTester.run('import-boundaries', rule, {
  valid: [
    {
      code: "import { PlatformException } from '@platform/pipeline'; import { Payslip } from './payslip.entity'; import { HrClient } from '../hr/hr.client';",
      filename: service,
    },
    { code: "import { HrContract } from '@platform/contracts'; import { Transactions } from '@platform/data';", filename: service },
    // entry points that load apart from the barrels
    { code: "import { useStandardFonts } from '@platform/pipeline/documents/pdf-fonts';", filename: at('apps/utilities/src/documents/render/pdf-renderer.ts') },
    { code: "import '@platform/pipeline/runtime/preload';", filename: at('apps/hr/src/main.ts') },
    { code: "import { SERVICES } from '@platform/contracts/service';", filename: at('apps/auth/dashboard/pages/usage.tsx') },
    // inside a library, relative paths; a lower library by its barrel or a module
    { code: "import { PreparedStatement } from './prepared';", filename: at('libs/data/src/database/find-page.ts') },
    { code: "import { postgresPool } from '@platform/pipeline/library-internals/typeorm-pool';", filename: at('libs/data/src/database/prepared.ts') },
    { code: "import { ERROR_CODES } from '@platform/contracts';", filename: at('libs/pipeline/src/errors/platform.exception.ts') },
    { code: "import { Environment } from '@platform/pipeline/config/environment';", filename: at('libs/devtools/src/embedded-postgres.ts') },
    { code: "import { TestStack } from '../../../test/support/stack';", filename: at('apps/hr/test/contacts.e2e-spec.ts') },
    { code: "import { addDeveloperCommands } from '../apps/auth/src/cli/developer-commands';", filename: at('suite/cli.ts') },
    // tests check only the alias: they start other apps' modules, reach modules past the barrels and test the fenced patches
    { code: "import { HrModule } from '../../hr/src/hr.module';", filename: at('apps/payroll/test/runs.e2e-spec.ts'), options: [{ checks: ['alias'] }] },
    {
      code: "import { compileAcceptor } from '@platform/pipeline/library-internals/validation-fast-path';",
      filename: at('apps/utilities/src/notifications/dto/update-preference.dto.spec.ts'),
      options: [{ checks: ['alias'] }],
    },
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
      filename: at('libs/data/src/database/database.module.ts'),
      errors: [{ messageId: 'libraryImportsApp' }],
    },
    // the layers: contracts ← pipeline ← data ← devtools
    {
      code: "import { Transactions } from '@platform/data';",
      filename: at('libs/pipeline/src/health/health.controllers.ts'),
      errors: [{ messageId: 'layers', data: { order: 'contracts ← pipeline ← data ← devtools', from: 'pipeline', target: 'data' } }],
    },
    {
      code: "import { PlatformException } from '@platform/pipeline';",
      filename: at('libs/contracts/src/internal/pay.contract.ts'),
      errors: [{ messageId: 'layers' }],
    },
    {
      code: "import { withSuiteDatabase } from '@platform/devtools/embedded-postgres';",
      filename: at('libs/data/src/jobs/dead-letters.ts'),
      errors: [{ messageId: 'layers' }],
    },
    {
      code: "import { Environment } from '../../../pipeline/src/config/environment';",
      filename: at('libs/data/src/jobs/job-queue.ts'),
      errors: [{ messageId: 'alias', data: { specifier: '../../../pipeline/src/config/environment', library: 'pipeline' } }],
    },
    // apps and the suite go through the barrels
    {
      code: "import { Transactions } from '@platform/data/database/transactions';",
      filename: service,
      errors: [{ messageId: 'barrels', data: { specifier: '@platform/data/database/transactions', library: 'data' } }],
    },
    { code: "import { PlatformException } from '@platform/common';", filename: service, errors: [{ messageId: 'unknownLibrary' }] },
    {
      code: "import { compileAcceptor } from '@platform/pipeline/library-internals/validation-fast-path';",
      filename: at('apps/utilities/src/notifications/preferences.service.ts'),
      errors: [{ messageId: 'barrels' }, { messageId: 'internals' }],
    },
    { code: "import '../libs/pipeline/src/library-internals';", filename: at('suite/main.ts'), errors: [{ messageId: 'internals' }, { messageId: 'alias' }] },
    { code: "import { Transactions } from '../../../../libs/data/src/database/transactions';", filename: service, errors: [{ messageId: 'alias' }] },
    {
      code: "import { Transactions } from '../../../libs/data/src/database/transactions';",
      filename: at('apps/hr/test/fixtures.ts'),
      options: [{ checks: ['alias'] }],
      errors: [{ messageId: 'alias' }],
    },
    {
      code: "import { PlatformException } from '@platform/pipeline';",
      filename: service,
      options: [{ allow: ['apps/payroll/src/runs/runs.service.ts'] }],
      errors: [{ messageId: 'stale' }],
    },
  ],
});
