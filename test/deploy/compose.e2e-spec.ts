import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '@test/support/paths';

const DOCKER = join(ROOT, 'docker');
const NGINX = process.env.NGINX ?? 'nginx';
const APPS = ['auth', 'hr', 'utilities', 'payroll', 'pay', 'books'] as const;
type App = (typeof APPS)[number];

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
  read_only?: boolean;
  volumes?: string[];
  ports?: string[];
  command?: string[];
}

describe('docker image and compose stack', () => {
  const dockerfile = readFileSync(join(DOCKER, 'Dockerfile'), 'utf8');
  const compose = parse(readFileSync(join(DOCKER, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };

  it('builds any app from one multi-stage Dockerfile and runs it as a non-root user', () => {
    expect(dockerfile).toMatch(/^FROM \S+ AS build$/m);
    expect(dockerfile).toMatch(/^FROM \S+ AS runtime$/m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-/m);
    expect(dockerfile).toMatch(/^ARG APP$/m);
    expect(dockerfile).toMatch(/^\s+APP=\$\{APP\}/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/PORT=3000/);
    expect(dockerfile).toMatch(/^USER 10001:10001$/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz\/live/m);
    expect(dockerfile).toMatch(/^CMD .*dist\/apps\/\$\{APP\}\/main\.js/m);
  });

  it('runs every service with the Node options the bench measures, in the image and from npm; the one-machine suite with a larger young generation for its six apps', () => {
    const options = dockerfile.match(/^\s*NODE_OPTIONS="([^"]*)"/m)?.[1];
    expect(options).toBe('--max-semi-space-size=4 --v8-pool-size=1');
    // Node refuses to start when NODE_OPTIONS holds a flag it does not take there; these it
    // takes, and they make the heap smaller (the young generation is part of the limit).
    const limit = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['-e', "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))"], { env, encoding: 'utf8' });
    const withOptions = limit({ ...process.env, NODE_OPTIONS: options });
    const without = limit({ ...process.env, NODE_OPTIONS: '' });
    expect(withOptions.status).toBe(0);
    expect(Number(withOptions.stdout)).toBeLessThan(Number(without.stdout));
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // six apps in one heap: 16 MB semi-spaces (V8's default) gave its GET 49–60% of bare Fastify where 4 MB gave 44–50% (docs/decisions/0024-suite-16-mb-semi-spaces.md)
    expect(scripts.start).toContain(`node ${options!.replace('--max-semi-space-size=4', '--max-semi-space-size=16')} dist/suite/main.js`);
    expect(scripts['start:app']).toContain(`node ${options} dist/apps/$APP/main.js`);
  });

  it('keeps dependencies, build output and secrets out of the build context', () => {
    const ignored = readFileSync(join(DOCKER, 'Dockerfile.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', 'dist', 'data', '.git', 'coverage', '.env']) expect(ignored).toContain(entry);
  });

  it('runs PostgreSQL 16 and Redis 7 with health checks', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:16/);
    expect(compose.services.redis.image).toMatch(/^redis:7/);
    expect(compose.services.postgres.healthcheck?.test).toBeDefined();
    expect(compose.services.redis.healthcheck?.test).toBeDefined();
  });

  it.each(APPS)('builds and configures %s', (app) => {
    const service = compose.services[app];
    expect(service.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile', args: { APP: app } });
    expect(service.read_only).toBe(true);
    expect(service.healthcheck?.test?.join(' ')).toContain('/healthz/ready');
    expect(service.volumes?.some((v) => v.endsWith(':/data'))).toBe(true);

    const env = service.environment ?? {};
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.AUTH_URL).toBe('http://auth:3000');
    expect([env.HR_URL, env.PAYROLL_URL, env.PAY_URL, env.BOOKS_URL]).toEqual([
      'http://hr:3000',
      'http://payroll:3000',
      'http://pay:3000',
      'http://books:3000',
    ]);
    // auth sends account emails through utilities
    expect(env.UTILITIES_URL).toBe('http://utilities:3000');
    expect(env.INTERNAL_TOKEN?.length).toBeGreaterThanOrEqual(32);
    expect(env.TRUST_PROXY).toBe('true');
    expect(env.DATA_DIR).toBe('/data');
    expect(env.PUBLIC_BASE_URL).toBe('http://127.0.0.1:${INGRESS_PORT:-8080}');
    expect(Number(env.SHUTDOWN_GRACE_MS)).toBeGreaterThan(0);

    expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(service.depends_on?.redis?.condition).toBe('service_healthy');
    if (app === 'auth') {
      expect(env.SECRET_PEPPER?.length).toBeGreaterThanOrEqual(32);
      expect(env.JWT_KEY_ID).toBeTruthy();
      expect(service.depends_on?.auth).toBeUndefined();
      // every other app waits for auth: auth waiting for utilities would be a cycle, and its emails are retried
      expect(service.depends_on?.utilities).toBeUndefined();
      expect(service.depends_on?.['jwt-key']?.condition).toBe('service_completed_successfully');
      expect(service.command?.join(' ')).toContain('dist/apps/auth/main.js');
    } else {
      expect(service.depends_on?.auth?.condition).toBe('service_healthy');
    }
    // NODE_ENV is production: utilities refuses to start without the key of the webhook secrets
    if (app === 'utilities') expect(env.WEBHOOK_SECRETS_KEY?.length).toBeGreaterThanOrEqual(32);
  });

  it('has no cycle in depends_on', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') throw new Error(`depends_on cycle: ${[...path, name].join(' -> ')}`);
      state.set(name, 'visiting');
      for (const dependency of Object.keys(compose.services[name]?.depends_on ?? {})) visit(dependency, [...path, name]);
      state.set(name, 'done');
    };
    expect(() => Object.keys(compose.services).forEach((name) => visit(name, []))).not.toThrow();
  });

  it('shares one INTERNAL_TOKEN across the apps', () => {
    expect(new Set(APPS.map((app) => compose.services[app].environment?.INTERNAL_TOKEN)).size).toBe(1);
  });

  it('fronts the apps with the nginx ingress on port 8080', () => {
    const ingress = compose.services.ingress;
    expect(ingress.image).toMatch(/^nginx:/);
    expect(ingress.ports?.some((p) => p.endsWith(':8080'))).toBe(true);
    // every file of docker/nginx (nginx.conf and what it includes) beside /etc/nginx/nginx.conf
    const files = readdirSync(join(DOCKER, 'nginx'));
    expect(files).toEqual(expect.arrayContaining(['nginx.conf', 'upstreams.conf', 'proxy-headers.conf']));
    expect(ingress.volumes).toEqual(expect.arrayContaining(files.map((file) => `./nginx/${file}:/etc/nginx/${file}:ro`)));
    for (const app of APPS) expect(ingress.depends_on?.[app]?.condition).toBe('service_healthy');
  });

  it('points each nginx upstream at its compose service', () => {
    const upstreams = readFileSync(join(DOCKER, 'nginx', 'upstreams.conf'), 'utf8');
    for (const app of APPS) expect(upstreams).toMatch(new RegExp(`upstream ${app}\\s*\\{\\s*server ${app}:3000[;\\s]`));
  });
});

interface Hit {
  service: App;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => Record<string, unknown>;
}

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePort((server.address() as net.AddressInfo).port));
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  const port = await listen(probe);
  await new Promise((done) => probe.close(done));
  return port;
}

const SESSION_CHECK = '/internal/v1/gateway/session';

/**
 * An app that answers every request with what it received. auth's also answers the gateway's
 * session check (recorded in `checks`, not `hits`) as auth does: 200, with X-Platform-Session
 * when the cookie names a session; a session named `status-NNN` makes it answer NNN instead.
 */
function startEcho(service: App, hits: Hit[], checks: Hit[]): http.Server {
  return http.createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const hit: Hit = { service, method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyBytes };
      if (service === 'auth' && hit.url === SESSION_CHECK) {
        checks.push(hit);
        const session = /(?:^|;\s*)(?:__Host-)?platform_session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
        const status = /^status-(\d{3})$/.exec(session ?? '')?.[1];
        res.writeHead(status ? Number(status) : 200, session && !status ? { 'x-platform-session': `minted-for-${session}` } : {});
        res.end();
        return;
      }
      hits.push(hit);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(hit));
    });
  });
}

function request(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: 5_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolveReply({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${path} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr()}`);
    const open = await new Promise<boolean>((done) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within ${timeoutMs} ms: ${stderr()}`);
}

function stopProcess(child: ChildProcess | undefined, timeoutMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((done) => {
    if (!server.listening) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
}

const nginxInstalled = !spawnSync(NGINX, ['-v'], { timeout: 10_000 }).error;
if (!nginxInstalled && !process.env.CI) {
  console.warn(`"${NGINX}" is not installed: skipping the compose ingress routing tests (they are required when CI is set).`);
}
const describeNginx = nginxInstalled || process.env.CI ? describe : describe.skip;

describeNginx('compose nginx ingress', () => {
  const hits: Hit[] = [];
  const checks: Hit[] = [];
  const servers = new Map<App, http.Server>();
  let workDir = '';
  let port = 0;
  let nginx: ChildProcess | undefined;
  let nginxStderr = '';

  beforeAll(async () => {
    if (!nginxInstalled)
      throw new Error(`"${NGINX}" is required for the ingress routing tests: install nginx (e.g. apt-get install nginx-light) or set NGINX.`);

    const upstreams: string[] = [];
    for (const app of APPS) {
      const server = startEcho(app, hits, checks);
      servers.set(app, server);
      upstreams.push(`upstream ${app} { server 127.0.0.1:${await listen(server)}; keepalive 4; }`);
    }

    workDir = mkdtempSync(join(tmpdir(), 'platform-nginx-'));
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      upstreams.push(`${temp}_temp_path ${join(workDir, `${temp}_temp`)};`);
    }
    writeFileSync(join(workDir, 'upstreams.conf'), upstreams.join('\n') + '\n');
    // what nginx.conf includes besides upstreams.conf, as it is
    for (const file of readdirSync(join(DOCKER, 'nginx')).filter((f) => !['nginx.conf', 'upstreams.conf'].includes(f))) {
      copyFileSync(join(DOCKER, 'nginx', file), join(workDir, file));
    }

    port = await freePort();
    const original = readFileSync(join(DOCKER, 'nginx', 'nginx.conf'), 'utf8');
    const listenDirective = /^(\s*)listen 8080;$/gm;
    expect(original.match(listenDirective)).toHaveLength(1);
    const confPath = join(workDir, 'nginx.conf');
    writeFileSync(confPath, original.replace(listenDirective, `$1listen 127.0.0.1:${port};`));

    const args = ['-p', `${workDir}/`, '-c', confPath, '-e', 'stderr'];
    const check = spawnSync(NGINX, [...args, '-t', '-g', `pid ${join(workDir, 'nginx.pid')};`], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 15_000,
    });
    if (check.status !== 0) throw new Error(`nginx -t failed (${check.error?.message ?? check.status}): ${check.stderr}`);

    nginx = spawn(NGINX, [...args, '-g', `pid ${join(workDir, 'nginx.pid')}; daemon off;`], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr?.on('data', (chunk: Buffer) => {
      if (nginxStderr.length < 20_000) nginxStderr += chunk.toString('utf8');
    });
    await waitForPort(port, nginx, () => nginxStderr);
  }, 30_000);

  afterAll(async () => {
    await stopProcess(nginx);
    await Promise.all([...servers.values()].map(closeServer));
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 15_000);

  it.each<[string, App]>([
    ['/api/v1', 'auth'],
    ['/api/v1/', 'auth'],
    ['/api/v1/authorize/token', 'auth'],
    ['/api/v1/.well-known/jwks.json', 'auth'],
    ['/api/v1/workspaces/7/companies?page=2&limit=5', 'auth'],
    ['/api/v1/openapi.json', 'auth'],
    ['/api/v1/hrx', 'auth'],
    ['/api/v1/payments', 'auth'],
    ['/api/v1/metricsx', 'auth'],
    ['/api/v1/hr', 'hr'],
    ['/api/v1/hr/employees?page=1', 'hr'],
    ['/api/v1/hr/metrics-history', 'hr'],
    ['/api/v1/app', 'utilities'],
    ['/api/v1/app/notifications/preferences', 'utilities'],
    ['/api/v1/payroll', 'payroll'],
    ['/api/v1/payroll/x', 'payroll'],
    ['/api/v1/payroll/runs/1/payslips', 'payroll'],
    ['/api/v1/pay', 'pay'],
    ['/api/v1/pay/x', 'pay'],
    ['/api/v1/pay/wallets/1/credits', 'pay'],
    ['/api/v1/books', 'books'],
    ['/api/v1/books/reports/trial-balance', 'books'],
    ['/api/v1/account', 'auth'],
    ['/api/v1/account/sessions?page=2', 'auth'],
    ['/api/v1/accounts', 'auth'],
    ['/api/v1/app/webhooks', 'utilities'],
    ['/api/v1/app/webhooks/endpoints/7/deliveries?limit=5', 'utilities'],
    ['/api/v1/app/webhooksx', 'utilities'],
    ['/dashboard', 'auth'],
    ['/dashboard/', 'auth'],
    ['/dashboard/assets/app.js?v=3', 'auth'],
  ])('routes %s to %s with the URI unchanged', async (path, service) => {
    const reply = await request(port, path);
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ service, url: path });
  });

  it('routes POST bodies', async () => {
    const body = Buffer.from(JSON.stringify({ apiKey: 'k', apiSecret: 's' }));
    const reply = await request(port, '/api/v1/authorize/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ service: 'auth', method: 'POST', bodyBytes: body.length });
  });

  it.each([
    '/api/v1/metrics',
    '/api/v1/hr/metrics',
    '/api/v1/app/metrics',
    '/api/v1/payroll/metrics',
    '/api/v1/pay/metrics',
    '/api/v1/books/metrics',
    '/api/v1/hr/metrics/',
    '/api/v1/hr/metrics?format=text',
    '/api/v1/pay/METRICS',
    '/api/v1//payroll/metrics',
    '/api/v1/books/%6Detrics',
    '/api/v1/app/metrics;x=1',
    '/api/v1/app/./metrics',
  ])('answers 404 for metrics path %s without reaching an app', async (path) => {
    const before = hits.length;
    const reply = await request(port, path);
    expect(reply.status).toBe(404);
    expect(reply.json()).toMatchObject({ success: false, code: 'HTTP_ERROR', statusCode: 404 });
    expect(hits.length).toBe(before);
  });

  it.each([
    '/',
    '/healthz/live',
    '/healthz/ready',
    '/internal/revocations',
    '/internal/v1/gateway/session',
    '/api/v1/../internal/v1/gateway/session',
    '/_gateway/session',
    '/api',
    '/api/v1x',
    '/api/v2/hr',
    '/dashboardx',
  ])('does not route %s', async (path) => {
    const [before, checksBefore] = [hits.length, checks.length];
    const reply = await request(port, path, { headers: { cookie: 'platform_session=s3ss10n' } });
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toMatchObject({ success: false, code: 'HTTP_ERROR', statusCode: 404 });
    expect([hits.length, checks.length]).toEqual([before, checksBefore]);
  });

  describe('gateway session (people routes)', () => {
    const PEOPLE: [string, App][] = [
      ['/api/v1/account', 'auth'],
      ['/api/v1/account/sessions?page=2', 'auth'],
      ['/api/v1/app/webhooks', 'utilities'],
      ['/api/v1/app/webhooks/endpoints', 'utilities'],
    ];
    const forwarded = (reply: Reply) => reply.json().headers as Record<string, string>;

    it.each(PEOPLE)('asks auth about %s and, without a session, sends it to %s with no X-Platform-Session, not even a forged one', async (path, service) => {
      const before = checks.length;
      const reply = await request(port, path, { headers: { 'x-platform-session': 'forged' } });
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ service, url: path });
      expect(checks.length).toBe(before + 1);
      expect(checks[checks.length - 1].headers.cookie).toBeUndefined();
      expect(forwarded(reply)).not.toHaveProperty('x-platform-session');
    });

    it.each(PEOPLE)('sends %s on to %s with the token auth minted for the cookie, not the forged one', async (path, service) => {
      const before = checks.length;
      const reply = await request(port, path, { headers: { cookie: 'theme=dark; __Host-platform_session=s3ss10n', 'x-platform-session': 'forged' } });
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ service, url: path });
      expect(checks.length).toBe(before + 1);
      expect(forwarded(reply)['x-platform-session']).toBe('minted-for-s3ss10n');
    });

    it.each([
      '/api/v1/hr/employees',
      '/api/v1/authorize/current',
      '/api/v1/accounts',
      '/api/v1/app/notifications',
      '/api/v1/app/webhooksx',
      '/dashboard',
      '/dashboard/assets/app.js',
    ])('drops a forged X-Platform-Session on %s, asking auth nothing', async (path) => {
      const before = checks.length;
      const reply = await request(port, path, { headers: { cookie: 'platform_session=s3ss10n', 'x-platform-session': 'forged' } });
      expect(reply.status).toBe(200);
      expect(reply.json().url).toBe(path);
      expect(forwarded(reply)).not.toHaveProperty('x-platform-session');
      expect(checks.length).toBe(before);
    });

    it('keeps the shared proxy headers on people routes', async () => {
      const reply = await request(port, '/api/v1/app/webhooks/endpoints', {
        headers: { cookie: 'platform_session=s3ss10n', 'x-request-id': 'req-people-1', 'x-forwarded-for': '203.0.113.9', host: 'api.example.test' },
      });
      expect(forwarded(reply)).toMatchObject({
        'x-request-id': 'req-people-1',
        'x-forwarded-for': '127.0.0.1',
        'x-real-ip': '127.0.0.1',
        'x-forwarded-proto': 'http',
        'x-forwarded-host': 'api.example.test',
        host: 'api.example.test',
      });
      expect(forwarded(reply).connection).not.toBe('close');
      expect(reply.headers['x-request-id']).toBe('req-people-1');
    });

    it('asks auth with the client’s method, URI and headers, never the body, and passes the body to the app', async () => {
      const path = '/api/v1/account/organizations/7/members?notify=1&x=%2F';
      const body = Buffer.from(JSON.stringify({ email: 'dev@example.test', role: 'developer' }));
      const before = checks.length;
      const reply = await request(port, path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          cookie: 'platform_session=s3ss10n',
          origin: 'https://api.example.test',
          'x-csrf-token': 'csrf-1',
          'x-organization-id': 'org-1',
          'user-agent': 'dashboard-test',
          'x-request-id': 'req-check-1',
          // a client cannot choose what auth is told
          'x-original-method': 'GET',
          'x-original-uri': '/api/v1/account/elsewhere',
          'x-original-url': 'http://evil.example.test/api/v1/account/elsewhere',
          'x-platform-session': 'forged',
        },
        body,
      });
      expect(reply.status).toBe(200);
      expect(reply.json()).toMatchObject({ service: 'auth', method: 'POST', url: path, bodyBytes: body.length });
      expect(forwarded(reply)['x-platform-session']).toBe('minted-for-s3ss10n');

      expect(checks.length).toBe(before + 1);
      const check = checks[checks.length - 1];
      expect({ method: check.method, url: check.url, bodyBytes: check.bodyBytes }).toEqual({ method: 'GET', url: SESSION_CHECK, bodyBytes: 0 });
      expect(check.headers).toMatchObject({
        'x-original-method': 'POST',
        'x-original-uri': path,
        'x-original-url': `http://127.0.0.1:${port}${path}`,
        cookie: 'platform_session=s3ss10n',
        origin: 'https://api.example.test',
        'x-csrf-token': 'csrf-1',
        'x-organization-id': 'org-1',
        'user-agent': 'dashboard-test',
        'x-request-id': 'req-check-1',
        'x-forwarded-for': '127.0.0.1',
        'x-real-ip': '127.0.0.1',
      });
      expect(check.headers['content-length']).toBeUndefined();
      expect(check.headers['transfer-encoding']).toBeUndefined();
      expect(check.headers['x-platform-session']).toBeUndefined();
    });

    it.each(['status-500', 'status-503', 'status-401', 'status-403'])(
      'answers 503 UPSTREAM_UNAVAILABLE, reaching no app, when auth’s check answers %s',
      async (session) => {
        const [before, checksBefore] = [hits.length, checks.length];
        const reply = await request(port, '/api/v1/app/webhooks/endpoints', {
          headers: { cookie: `platform_session=${session}`, 'x-request-id': 'req-failed-1' },
        });
        expect(reply.status).toBe(503);
        expect(reply.headers['retry-after']).toBe('5');
        expect(reply.headers['x-request-id']).toBe('req-failed-1');
        expect(reply.json()).toMatchObject({ success: false, code: 'UPSTREAM_UNAVAILABLE', statusCode: 503 });
        expect(checks.length).toBe(checksBefore + 1);
        expect(hits.length).toBe(before);
      },
    );
  });

  it('forwards a well-formed X-Request-Id and echoes it back', async () => {
    const reply = await request(port, '/api/v1/hr/employees', { headers: { 'x-request-id': 'req-123.abc:def_9' } });
    expect((reply.json().headers as Record<string, string>)['x-request-id']).toBe('req-123.abc:def_9');
    expect(reply.headers['x-request-id']).toBe('req-123.abc:def_9');
  });

  it('generates an X-Request-Id when none or a malformed one is sent', async () => {
    for (const headers of [{}, { 'x-request-id': 'bad id!' }] as Record<string, string>[]) {
      const reply = await request(port, '/api/v1/pay/wallets', { headers });
      const forwarded = (reply.json().headers as Record<string, string>)['x-request-id'];
      expect(forwarded).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.headers['x-request-id']).toBe(forwarded);
    }
  });

  it('sets X-Forwarded-For to the client address, ignoring a forged one, and passes Host', async () => {
    const reply = await request(port, '/api/v1/books/accounts', {
      headers: { 'x-forwarded-for': '203.0.113.9', host: 'api.example.test' },
    });
    const headers = reply.json().headers as Record<string, string>;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.host).toBe('api.example.test');
  });

  it('accepts bodies up to 1 MiB and rejects larger ones with 413', async () => {
    const ok = Buffer.alloc(1024 * 1024, 'a');
    const accepted = await request(port, '/api/v1/app/files', { method: 'POST', body: ok, headers: { 'content-length': String(ok.length) } });
    expect(accepted.status).toBe(200);
    expect(accepted.json()).toMatchObject({ service: 'utilities', bodyBytes: ok.length });

    const before = hits.length;
    const tooLarge = Buffer.alloc(1024 * 1024 + 1, 'a');
    const rejected = await request(port, '/api/v1/app/files', {
      method: 'POST',
      body: tooLarge,
      headers: { 'content-length': String(tooLarge.length) },
    }).catch((error: Error) => ({ status: -1, text: error.message, headers: {}, json: () => ({}) }) as Reply);
    expect(rejected.status).toBe(413);
    expect(rejected.json()).toMatchObject({ success: false, statusCode: 413 });
    expect(hits.length).toBe(before);
  });

  it('answers 503 with the platform envelope when an app is down', async () => {
    await closeServer(servers.get('books')!);
    const reply = await request(port, '/api/v1/books/accounts');
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toMatchObject({ success: false, code: 'UPSTREAM_UNAVAILABLE', statusCode: 503 });
  });

  it('answers 503 with the platform envelope on a people route when auth is down, reaching no app', async () => {
    await closeServer(servers.get('auth')!);
    const before = hits.length;
    const reply = await request(port, '/api/v1/app/webhooks/endpoints', { headers: { cookie: 'platform_session=s3ss10n' } });
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toMatchObject({ success: false, code: 'UPSTREAM_UNAVAILABLE', statusCode: 503 });
    expect(hits.length).toBe(before);
  });
});
