import { createServer, Server, Socket } from 'node:net';
import { HrModule } from '../../apps/hr/src/hr.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';

/** A TCP relay to PostgreSQL that the test can cut and restore, as a network or a failover would. */
class Relay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

describe('the database away: 503 UPSTREAM_UNAVAILABLE, never a 500, and back when it is', () => {
  let stack: TestStack;
  let relay: Relay;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    const url = new URL(stack.env.DATABASE_URL);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.host = `127.0.0.1:${relay.port}`;
    hr = await stack.startApp(HrModule, 'hr', { DATABASE_URL: url.toString() });
    dev = await stack.developer();
  });
  afterAll(async () => {
    await relay.cut().catch(() => undefined);
    await stack.stop();
  });

  it('answers reads and writes with 503 and Retry-After while PostgreSQL is unreachable, with no detail of the failure', async () => {
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    await relay.cut();
    for (const [method, path, body] of [
      ['GET', '/api/v1/hr/employees', undefined],
      ['POST', '/api/v1/hr/leave-types', { name: 'Annual', annualAllowanceDays: 20 }],
    ] as const) {
      const answer = await dev.call(hr, method, path, { body });
      expectError(answer, 503, 'UPSTREAM_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|at .*\.js/i);
    }
    expect((await dev.call(hr, 'GET', '/healthz/ready')).status).toBe(503);

    await relay.open();
    // the pool connects again on the next request
    expect((await dev.call(hr, 'GET', '/api/v1/hr/employees')).status).toBe(200);
    expect((await dev.call(hr, 'POST', '/api/v1/hr/leave-types', { body: { name: 'Annual', annualAllowanceDays: 20 } })).status).toBe(201);
  });
});
