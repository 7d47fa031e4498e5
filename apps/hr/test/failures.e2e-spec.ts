import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { HrModule } from '../src/hr.module';
import { call, eventually, sleep } from '@test/support/http';
import { expectError, TestStack } from '@test/support/stack';

describe('HR when a dependency fails', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });
  afterAll(() => stack.stop());

  it('answers 500 INTERNAL_ERROR with a generic body when its database is gone, and readiness turns 503', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const dev = await stack.developer();
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    await hr.app.get(DataSource).destroy();

    const failed = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'x-request-id': 'db-down-1' } });
    expectError(failed, 500, 'INTERNAL_ERROR');
    expect(failed.body.message).toBe('An unexpected error occurred. Please try again later.');
    expect(failed.headers.get('x-request-id')).toBe('db-down-1');
    expect(failed.text).not.toMatch(/SELECT|employees|TypeORM|at .*\.(ts|js)|stack|postgres/i);
    expect(Object.keys(failed.body).sort()).toEqual(['code', 'message', 'statusCode', 'success', 'timestamp']);

    const french = await dev.call(hr, 'GET', '/api/v1/hr/employees', { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Une erreur inattendue est survenue. Veuillez réessayer plus tard.');

    const ready = await call(hr.url, 'GET', '/healthz/ready');
    expectError(ready, 503, 'UPSTREAM_UNAVAILABLE');
    expect(ready.body.details.dependencies.database.status).toBe('down');
    expect((await call(hr.url, 'GET', '/healthz/live')).status).toBe(200);
  });

  it('while auth cannot give its revocations, refuses requests at once without a call to auth each, and serves again once it can', async () => {
    // HR reaches auth through this proxy, which counts the revocation reads and can fail them
    let broken = false;
    let revocationReads = 0;
    const authUrl = new URL(stack.auth.url);
    const proxy: Server = createServer((incoming, outgoing) => {
      if (incoming.url?.startsWith('/internal/v1/revocations')) {
        revocationReads++;
        if (broken) {
          outgoing.writeHead(503, { 'content-type': 'application/json' }).end('{"success":false,"code":"UPSTREAM_UNAVAILABLE"}');
          return;
        }
      }
      const forwarded = httpRequest(
        { host: authUrl.hostname, port: authUrl.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const hr = await stack.startApp(HrModule, 'hr', { AUTH_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      const dev = await stack.developer();
      expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);

      broken = true;
      await sleep(5500); // past the 5 s bound on revocations' age
      const readsBefore = revocationReads;
      const started = Date.now();
      let refused = 0;
      while (Date.now() - started < 2000) {
        const answer = await dev.call(hr, 'GET', '/api/v1/hr/employees');
        expectError(answer, 503, 'UPSTREAM_UNAVAILABLE');
        refused++;
      }
      expect(refused).toBeGreaterThan(20);
      // the 1 s poll, and at most one read a poll interval for the requests: not one per request
      expect(revocationReads - readsBefore).toBeLessThanOrEqual(5);

      broken = false;
      await eventually(async () => (await dev.call(hr, 'GET', '/api/v1/hr/employees')).status === 200, 5000, 'HR serving again');
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('refuses with 503 UPSTREAM_UNAVAILABLE once auth has been unreachable past the revocation bound', async () => {
    const hr = await stack.startApp(HrModule, 'hr');
    const dev = await stack.developer();
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    await stack.auth.close();
    await sleep(5500);
    const refused = await dev.call(hr, 'GET', '/api/v1/hr/employees');
    expectError(refused, 503, 'UPSTREAM_UNAVAILABLE');
    expect(refused.body.message).toBe('A service this request depends on is unavailable. Please retry shortly.');
  });
});
