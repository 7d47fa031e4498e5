const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { ESLint } = require('eslint');
const config = require('../eslint.config.js');
const { ROOT } = require('./allowlist');

/**
 * eslint.config.js puts each house rule where it belongs: code is linted as if it were at a path
 * of the repository (a file that need not exist), and the rules that fire are those the config
 * turns on there, allowlists and all.
 */
describe('the lint config', () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config });
  async function rulesFiredAt(path, code) {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
    return [...new Set(result.messages.map((message) => message.ruleId ?? message.message))].sort();
  }

  it('keeps the DataSource and transactions in the data layer', async () => {
    const code = "import { DataSource } from 'typeorm';\nexport const run = (db: DataSource) => db.transaction(async () => undefined);\n";
    expect(await rulesFiredAt('apps/hr/src/leave/leave-balances.service.ts', code)).toEqual(['platform/data-source-in-data-layer']);
    for (const path of [
      'apps/hr/src/leave/leave-balances.repository.ts',
      'libs/data/src/database/locks.ts',
      'apps/hr/src/migrations/1800000000000-Leave.ts',
      'suite/import-sqlite.ts',
      'apps/hr/test/leave.e2e-spec.ts',
    ]) {
      expect([path, await rulesFiredAt(path, code)]).toEqual([path, []]);
    }
  });

  it('keeps the database out of controllers', async () => {
    const code =
      "import { Controller } from '@nestjs/common';\n@Controller('leave')\nexport class LeaveController {\n  constructor(private readonly db: { query(sql: string): Promise<unknown> }) {}\n  list() {\n    return this.db.query('SELECT 1');\n  }\n}\n";
    expect(await rulesFiredAt('apps/hr/src/leave/leave.controller.ts', code)).toEqual(['platform/no-database-in-controllers']);
  });

  it('keeps apps apart, outside tests', async () => {
    const code = "import { HrModule } from '../../../hr/src/hr.module';\nexport const modules = [HrModule];\n";
    expect(await rulesFiredAt('apps/payroll/src/runs/run-inputs.ts', code)).toEqual(['platform/import-boundaries']);
    expect(await rulesFiredAt('apps/payroll/test/x/run-inputs.e2e-spec.ts', code)).toEqual([]);
    const internals = "import { compileAcceptor } from '@platform/pipeline/library-internals/validation-fast-path';\nexport const accept = compileAcceptor;\n";
    expect(await rulesFiredAt('apps/utilities/src/notifications/accept.ts', internals)).toEqual(['platform/import-boundaries']);
    const upward = "import { Transactions } from '@platform/data';\nexport const transactions = Transactions;\n";
    expect(await rulesFiredAt('libs/pipeline/src/health/transactions-probe.ts', upward)).toEqual(['platform/import-boundaries']);
  });

  it('reads process.env only in the configuration module, entry points and scripts', async () => {
    const code = 'export const url = process.env.DATABASE_URL;\n';
    expect(await rulesFiredAt('apps/hr/src/leave/leave-settings.ts', code)).toEqual(['platform/env-in-config']);
    expect(await rulesFiredAt('dashboard/pages/settings.tsx', code)).toEqual(['platform/env-in-config']);
    for (const path of [
      'libs/pipeline/src/config/settings.ts',
      'apps/hr/src/main.ts',
      'apps/hr/src/data-source.ts',
      'suite/main.ts',
      'scripts/x.js',
      'bench/x.js',
      'test/x.e2e-spec.ts',
    ]) {
      expect([path, await rulesFiredAt(path, code)]).toEqual([path, []]);
    }
  });

  it('names files by the kind of class they hold', async () => {
    const code = "import { Injectable } from '@nestjs/common';\n@Injectable()\nexport class LeaveBalances {}\n";
    expect(await rulesFiredAt('apps/hr/src/leave/leave-balances.ts', code)).toEqual(['platform/file-kind-suffix']);
    expect(await rulesFiredAt('apps/hr/src/leave/leave-balances.service.ts', code)).toEqual([]);
  });

  it('runs typescript-eslint’s recommended rules, any allowed in tests only', async () => {
    const code = 'export const parse = (text: string): any => JSON.parse(text);\n';
    expect(await rulesFiredAt('apps/hr/src/leave/parse.ts', code)).toEqual(['@typescript-eslint/no-explicit-any']);
    expect(await rulesFiredAt('apps/hr/test/parse.ts', code)).toEqual([]);
    expect(await rulesFiredAt('apps/hr/src/leave/unused.ts', "import { In } from 'typeorm';\n")).toEqual(['@typescript-eslint/no-unused-vars']);
  });

  it('allowlists only files that exist', () => {
    const listed = config.flatMap((entry) => Object.values(entry.rules ?? {}).flatMap((setting) => (Array.isArray(setting) ? (setting[1]?.allow ?? []) : [])));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
