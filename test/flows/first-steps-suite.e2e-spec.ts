import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '@platform/devtools';
import { call, eventually, sleep } from '@test/support/http';
import { ROOT } from '@test/support/paths';

const node = process.execPath;

/**
 * `npm start` and the CLI as a first-time user meets them (the built suite): what the start
 * writes, and credentials created, listed, rotated and revoked on the suite's store, or by
 * mistake on another one.
 */
describe('first steps with the one-machine suite and its CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-first-steps-'));
  const otherDataDir = mkdtempSync(join(tmpdir(), 'platform-first-steps-other-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'debug', DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development' };
  let base: string;
  let suite: ChildProcess | undefined;
  let stdout = '';
  let stderr = '';

  function cli(args: string[], extra: Record<string, string> = {}) {
    return spawnSync(node, ['dist/suite/cli.js', ...args], { cwd: ROOT, env: { ...env, ...extra }, encoding: 'utf8', timeout: 90_000 });
  }

  function exchange(apiKey: string, apiSecret: string) {
    return call(base, 'POST', '/api/v1/authorize/token', {
      headers: { 'x-platform-api-key': apiKey, 'x-platform-api-secret': apiSecret, 'x-platform-client-id': 'platform-developer' },
    });
  }

  beforeAll(async () => {
    execFileSync(node, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    const port = await freeLoopbackPort();
    base = `http://127.0.0.1:${port}`;
    suite = spawn(node, ['dist/suite/main.js'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    suite.stdout!.on('data', (chunk) => (stdout += chunk));
    suite.stderr!.on('data', (chunk) => (stderr += chunk));
    await eventually(() => stderr.includes('listening on') || suite!.exitCode !== null, 90_000, 'the suite to start');
    if (suite.exitCode !== null) throw new Error(`suite exited: ${stderr}`);
  }, 400_000);

  afterAll(async () => {
    if (suite && suite.exitCode === null) {
      const exited = new Promise((resolve) => suite!.once('exit', resolve));
      suite.kill('SIGINT');
      await Promise.race([exited, sleep(15_000)]);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('logs the routes and modules at debug, each under its own service, and ends with a banner naming the URL, the docs and the credentials command', async () => {
    const port = new URL(base).port;
    const banner = stderr.slice(stderr.indexOf('Platform API suite listening on'));
    expect(banner.split('\n')[0]).toMatch(
      new RegExp(`^Platform API suite listening on http://127\\.0\\.0\\.1:${port}/api/v1 \\(PostgreSQL in .*postgres, in-process limits\\)$`),
    );
    expect(banner).toContain(`API reference:  http://127.0.0.1:${port}/api/v1/docs`);
    expect(banner).toContain('Credentials:    npm run -s cli -- developers:create --org "Acme" --plan developer-sandbox --json');
    expect(banner).toContain(`DATA_DIR: ${dataDir}`);
    // the banner is the last thing the start wrote: the logs gathered before it were written first
    await sleep(1500);
    expect(stderr.endsWith(banner)).toBe(true);

    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; service: string; context?: string; msg: string });
    const mapped = lines.filter((line) => line.context === 'RouterExplorer');
    expect(mapped.length).toBeGreaterThan(100);
    expect(new Set(mapped.map((line) => line.level))).toEqual(new Set([20]));
    expect(lines.filter((line) => line.context === 'InstanceLoader').every((line) => line.level === 20)).toBe(true);
    // each route mapped is labelled by the service it belongs to
    const serviceOf = (msg: string) =>
      /\{\/api\/v1\/hr[/,]/.test(msg) ? 'hr' : /\{\/api\/v1\/books[/,]/.test(msg) ? 'books' : /\{\/api\/v1\/app[/,]/.test(msg) ? 'utilities' : undefined;
    const labelled = mapped.filter((line) => serviceOf(line.msg));
    expect(labelled.length).toBeGreaterThan(20);
    for (const line of labelled) expect({ msg: line.msg, service: line.service }).toEqual({ msg: line.msg, service: serviceOf(line.msg) });
    expect([...new Set(mapped.map((line) => line.service))].sort()).toEqual(['auth', 'books', 'hr', 'pay', 'payroll', 'utilities']);
    // at the default level (info) nothing of it would be written
    expect(
      lines.filter((line) => line.level >= 30 && (line.context === 'RouterExplorer' || line.context === 'InstanceLoader' || line.context === 'RoutesResolver')),
    ).toEqual([]);
  });

  it('says which store the CLI wrote to, and warns when the suite never used it', async () => {
    const elsewhere = cli(['developers:create', '--org', 'Wrong Place', '--json'], { DATA_DIR: otherDataDir });
    expect(elsewhere.status).toBe(0);
    expect(elsewhere.stderr).toContain(
      `Store: the suite's PostgreSQL in ${join(otherDataDir, 'postgres')} (DATA_DIR=${otherDataDir}, created by this command)`,
    );
    expect(elsewhere.stderr).toMatch(
      /warning: no suite data in .*: no organization, and no service but auth ever started on it\. Is the suite running with another DATA_DIR/,
    );
    const lost = JSON.parse(elsewhere.stdout);
    // what the warning is about: the suite does not know this key
    expect((await exchange(lost.apiKey, lost.apiSecret)).body.code).toBe('DEVELOPER_KEYS_INVALID');

    const here = cli(['developers:create', '--org', 'Right Place', '--json']);
    expect(here.status).toBe(0);
    expect(here.stderr).toContain(`Store: the suite's PostgreSQL in ${join(dataDir, 'postgres')} (DATA_DIR=${dataDir})`);
    expect(here.stderr).not.toContain('warning');
    const issued = JSON.parse(here.stdout);
    expect((await exchange(issued.apiKey, issued.apiSecret)).status).toBe(200);
  });

  it('lists, rotates and revokes credentials', async () => {
    const issued = JSON.parse(cli(['developers:create', '--org', 'Rotating Co', '--json']).stdout);
    const listed = cli(['credentials:list', '--org', issued.organizationId, '--json']);
    expect(listed.status).toBe(0);
    const [credential] = JSON.parse(listed.stdout).credentials;
    expect(credential).toMatchObject({
      organizationId: issued.organizationId,
      organization: 'Rotating Co',
      name: 'Default key',
      plan: 'developer-sandbox',
      apiKeyPrefix: issued.apiKey.slice(0, credential.apiKeyPrefix.length),
      apiKeyLastFour: issued.apiKey.slice(-4),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed.stdout).not.toContain(issued.apiSecret);
    expect(cli(['credentials:list']).stdout).toContain(
      `${credential.credentialId}  ${credential.apiKeyPrefix}…${issued.apiKey.slice(-4)}  "Default key"  developer-sandbox  Rotating Co`,
    );

    // another named key of the same organization, narrowed; its use is noted (off the exchange's path)
    const second = cli(['credentials:create', '--org', issued.organizationId, '--name', 'Payroll sync', '--scopes', 'hr:read,payroll:read', '--json']);
    expect(second.status).toBe(0);
    const payrollKey = JSON.parse(second.stdout);
    expect(payrollKey).toMatchObject({
      organizationId: issued.organizationId,
      name: 'Payroll sync',
      apiKey: expect.stringMatching(/^pk_sandbox_/),
      apiSecret: expect.stringMatching(/^sk_sandbox_/),
    });
    const payrollToken = await exchange(payrollKey.apiKey, payrollKey.apiSecret);
    expect(payrollToken.status).toBe(200);
    const keys = await eventually(
      async () => {
        const all = JSON.parse(cli(['credentials:list', '--org', issued.organizationId, '--json']).stdout).credentials;
        return all.find((entry: { name: string; lastUsedAt: string | null }) => entry.name === 'Payroll sync')?.lastUsedAt && all;
      },
      10_000,
      'the second key’s last use',
    );
    expect(keys).toHaveLength(2);
    expect(keys.find((entry: { name: string }) => entry.name === 'Payroll sync')).toMatchObject({
      credentialId: payrollKey.credentialId,
      scopes: ['hr:read', 'payroll:read'],
      apiKeyLastFour: payrollKey.apiKey.slice(-4),
    });
    expect(Math.abs(Date.parse(keys.find((entry: { name: string }) => entry.name === 'Payroll sync').lastUsedAt) - Date.now())).toBeLessThan(60_000);
    expect(cli(['credentials:create', '--org', '00000000-0000-4000-8000-000000000000', '--json']).stderr).toContain(
      'No organization 00000000-0000-4000-8000-000000000000',
    );
    expect(cli(['credentials:create', '--org', issued.organizationId, '--name', 'x'.repeat(101)]).stderr).toContain('--name must be 1 to 100 characters');

    const token = (await exchange(issued.apiKey, issued.apiSecret)).body.data.accessToken;
    const headers = { authorization: `Bearer ${token}`, 'x-platform-api-key': issued.apiKey, 'x-platform-client-id': 'platform-developer' };
    const rotated = cli(['credentials:rotate', credential.credentialId, '--json']);
    expect(rotated.status).toBe(0);
    const { apiSecret } = JSON.parse(rotated.stdout);
    expect((await exchange(issued.apiKey, issued.apiSecret)).body.code).toBe('DEVELOPER_KEYS_INVALID');
    const fresh = (await exchange(issued.apiKey, apiSecret)).body.data.accessToken;
    await eventually(async () => (await call(base, 'GET', '/api/v1/authorize/current', { headers })).status === 401, 10_000, 'the old token to be refused');

    // with a grace period the previous secret still exchanges, until it ends
    const graced = cli(['credentials:rotate', credential.credentialId, '--grace', '600', '--json']);
    expect(graced.status).toBe(0);
    const gracedOutput = JSON.parse(graced.stdout);
    expect(Date.parse(gracedOutput.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(590_000);
    expect((await exchange(issued.apiKey, apiSecret)).status).toBe(200);
    expect((await exchange(issued.apiKey, gracedOutput.apiSecret)).status).toBe(200);
    const tooLong = cli(['credentials:rotate', credential.credentialId, '--grace', '86401']);
    expect(tooLong.status).not.toBe(0);
    expect(tooLong.stderr).toContain('--grace takes whole seconds from 0 to 86400');

    const revoked = cli(['credentials:revoke', credential.credentialId]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Credential ${credential.credentialId} \\(.*…\\) revoked at `));
    expect((await exchange(issued.apiKey, apiSecret)).body.code).toBe('DEVELOPER_KEYS_INVALID');
    await eventually(
      async () =>
        (await call(base, 'GET', '/api/v1/hr/employees', { headers: { ...headers, authorization: `Bearer ${fresh}` } })).body.code === 'AUTH_TOKEN_INVALID',
      10_000,
      'the revoked credential’s token to be refused',
    );
    const afterRevoke = JSON.parse(cli(['credentials:list', '--org', issued.organizationId, '--json']).stdout).credentials;
    expect(afterRevoke.find((entry: { credentialId: string }) => entry.credentialId === credential.credentialId).revokedAt).toEqual(expect.any(String));
    // the organization's other key is not touched
    expect(afterRevoke.find((entry: { credentialId: string }) => entry.credentialId === payrollKey.credentialId).revokedAt).toBeNull();

    const again = cli(['credentials:rotate', credential.credentialId]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('is revoked');
    const unknown = cli(['credentials:revoke', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('No credential 00000000-0000-4000-8000-000000000000');
    expect(cli(['credentials:revoke', 'not-a-uuid']).stderr).toContain('a credential id is a UUID');
  });
});
