const rule = require('./file-kind-suffix');
const { at, ruleTester } = require('./rule-tester');

ruleTester.run('file-kind-suffix', rule, {
  valid: [
    { code: '@Injectable() class EmployeesService {}', filename: at('apps/hr/src/employees/employees.service.ts') },
    { code: '@Injectable() class EmployeesRepository {}', filename: at('apps/hr/src/employees/employees.repository.ts') },
    { code: '@Injectable() class HrClient {}', filename: at('apps/payroll/src/hr/hr.client.ts') },
    { code: "@Controller('employees') class EmployeesController {}", filename: at('apps/hr/src/employees/employees.controller.ts') },
    { code: '@Module({}) class HrModule {}', filename: at('apps/hr/src/hr.module.ts') },
    { code: "@Entity({ name: 'employees' }) class Employee {}", filename: at('apps/hr/src/employees/employee.entity.ts') },
    { code: '@Entity() class User {} @Entity() class Membership {}', filename: at('apps/auth/src/accounts/account.entities.ts') },
    { code: '@Catch() class PlatformExceptionFilter {}', filename: at('libs/pipeline/src/errors/exception.filter.ts') },
    { code: 'class Plain {} function helper() {}', filename: at('apps/hr/src/employees/employee-names.ts') },
    {
      code: '@Injectable() class WalletLedger {}',
      filename: at('apps/pay/src/wallets/wallet-ledger.ts'),
      options: [{ allow: ['apps/pay/src/wallets/wallet-ledger.ts'] }],
    },
  ],
  invalid: [
    { code: '@Injectable() class WalletLedger {}', filename: at('apps/pay/src/wallets/wallet-ledger.ts'), errors: [{ messageId: 'suffix' }] },
    {
      code: "@Controller('metrics') class MetricsController {}",
      filename: at('libs/pipeline/src/metrics/metrics.ts'),
      errors: [{ messageId: 'suffix', data: { decorator: 'Controller', suffixes: '.controller.ts' } }],
    },
    { code: '@Module({}) class DeveloperCommandsModule {}', filename: at('apps/auth/src/cli/developer-commands.ts'), errors: [{ messageId: 'suffix' }] },
    { code: '@Entity() class Employee {}', filename: at('apps/hr/src/employees/employee.ts'), errors: [{ messageId: 'suffix' }] },
    { code: '@Injectable() class EmployeesService {}', filename: at('apps/hr/src/employees/employees.module.ts'), errors: [{ messageId: 'suffix' }] },
    {
      code: 'class Plain {}',
      filename: at('apps/pay/src/wallets/wallet-ledger.ts'),
      options: [{ allow: ['apps/pay/src/wallets/wallet-ledger.ts'] }],
      errors: [{ messageId: 'stale' }],
    },
  ],
});
