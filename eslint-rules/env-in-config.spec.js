const rule = require('./env-in-config');
const { at, ruleTester } = require('./rule-tester');

const file = at('libs/devtools/src/job-commands.ts');

ruleTester.run('env-in-config', rule, {
  valid: [
    { code: 'const url = environment.DATABASE_URL; const p = process.pid;', filename: file },
    { code: "import { argv } from 'node:process';", filename: file },
    { code: 'const url = process.env.DATABASE_URL;', filename: file, options: [{ allow: ['libs/devtools/src/job-commands.ts'] }] },
  ],
  invalid: [
    { code: 'const url = process.env.DATABASE_URL;', filename: file, errors: [{ messageId: 'env' }] },
    { code: "process.env['DATABASE_URL'] = 'postgres://x';", filename: file, errors: [{ messageId: 'env' }] },
    { code: 'validateEnvironment(process.env);', filename: file, errors: [{ messageId: 'env' }] },
    { code: 'const { env } = process;', filename: file, errors: [{ messageId: 'env' }] },
    { code: "import { env } from 'node:process';", filename: file, errors: [{ messageId: 'env' }] },
    { code: 'const p = process.pid;', filename: file, options: [{ allow: ['libs/devtools/src/job-commands.ts'] }], errors: [{ messageId: 'stale' }] },
  ],
});
