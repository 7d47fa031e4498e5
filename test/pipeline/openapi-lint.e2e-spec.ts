import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeService } from '@platform/contracts';
import { ROOT } from '@test/support/paths';
import { PRODUCT_APPS } from '@test/support/products';
import { TestStack } from '@test/support/stack';

const run = promisify(execFile);
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer?: string }[];
}

/** Redocly CLI's problems with one document (its exit code is 1 when there are errors; the report is on stdout either way). */
async function lint(file: string): Promise<Problem[]> {
  const { stdout } = await run(process.execPath, [REDOCLY, 'lint', file, '--format=json', '--max-problems=10000', `--config=${join(ROOT, 'redocly.yaml')}`], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint failed: ${error.stderr}`);
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Problem[] }).problems;
}

/**
 * Each service's OpenAPI document, as it serves it, linted by Redocly CLI with the recommended
 * rules (redocly.yaml): no error and no warning. One test per document, printing its problems.
 * OPENAPI_DOCUMENTS_DIR keeps the documents there for a look.
 */
describe('OpenAPI documents pass Redocly lint (recommended rules)', () => {
  let stack: TestStack;
  let dir: string;
  const files = new Map<string, string>();
  const problems = new Map<string, Problem[]>();

  beforeAll(async () => {
    dir = process.env.OPENAPI_DOCUMENTS_DIR ?? mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    mkdirSync(dir, { recursive: true });
    stack = await TestStack.start({ redis: false });
    for (const [module, name] of PRODUCT_APPS) await stack.startApp(module, name);
    for (const running of stack.apps) {
      const response = await fetch(`${running.url}/${describeService(running.name).prefix}/openapi.json`);
      expect(response.status).toBe(200);
      const file = join(dir, `${running.name}.openapi.json`);
      writeFileSync(file, JSON.stringify(await response.json(), null, 2));
      files.set(running.name, file);
      problems.set(file, []);
    }
    for (const file of files.values()) problems.set(file, await lint(file));
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    if (!process.env.OPENAPI_DOCUMENTS_DIR && dir) rmSync(dir, { recursive: true, force: true });
  });

  it('states in every document what the pipeline does on every route', () => {
    const PLATFORM = [{ bearer: [], apiKey: [], clientId: [] }];
    // people's routes: the gateway's session alone, or a machine credential or a session
    const SESSION = [{ platformSession: [] }];
    const EITHER = [...PLATFORM, ...SESSION];
    const wrong: string[] = [];
    for (const [name, file] of files) {
      const document = JSON.parse(readFileSync(file, 'utf8'));
      if (JSON.stringify(document.security) !== JSON.stringify(PLATFORM)) wrong.push(`${name}: document security`);
      if (!document.servers?.length || !document.info.license?.url) wrong.push(`${name}: servers or license`);
      for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
        for (const [method, operation] of Object.entries<any>(item)) {
          const where = `${name} ${method.toUpperCase()} ${path}`;
          const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
          const security = JSON.stringify(operation.security);
          const sessionOnly = security === JSON.stringify(SESSION);
          if (!isPublic && security !== JSON.stringify(PLATFORM) && !sessionOnly && security !== JSON.stringify(EITHER))
            wrong.push(`${where}: security ${security}`);
          // people are metered by their organization's plan on its routes; a person's own account routes are not, unless the route limits attempts itself
          const metered = sessionOnly && path.startsWith('/api/v1/account/organizations/{id}');
          const limitsAttempts = `${method.toUpperCase()} ${path}` === 'POST /api/v1/account/me/password';
          if (sessionOnly && !metered && !limitsAttempts && operation.responses['429']) wrong.push(`${where}: a 429 on a person's own account route`);
          if (path.includes('/internal/')) wrong.push(`${where}: an internal route in the document`);
          for (const [status, response] of Object.entries<any>(operation.responses)) {
            if (Number(status) >= 400 && response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorEnvelope')
              wrong.push(`${where} ${status}: not the ErrorEnvelope`);
          }
          const expected = ['500', '503', ...(isPublic ? [] : sessionOnly && !metered ? ['401', '403'] : ['401', '403', '429'])];
          for (const status of expected) if (!operation.responses[status]) wrong.push(`${where}: no ${status}`);
          if (operation.responses['503'] && !operation.responses['503'].headers?.['Retry-After']) wrong.push(`${where}: 503 without Retry-After`);
          if (operation.responses['401'] && !operation.responses['401'].headers?.['WWW-Authenticate']) wrong.push(`${where}: 401 without WWW-Authenticate`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'])('%s: 0 errors, 0 warnings', (name) => {
    const found = problems.get(files.get(name)!) ?? [];
    const listed = found.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '#'}: ${problem.message}`);
    expect(listed).toEqual([]);
  });
});
