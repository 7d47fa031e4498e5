import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { call, eventually, sleep } from '@test/support/http';
import { TestStack } from '@test/support/stack';

/** Utilities' account email route as a loopback server: it answers each email with the next status given (200 when none), and keeps what it was sent. */
class UtilitiesStandIn {
  readonly received: Array<{ kind: string; to: string; subject: string }> = [];
  readonly answers: number[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<UtilitiesStandIn> {
    const standIn: UtilitiesStandIn = new UtilitiesStandIn(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          standIn.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          const status = standIn.answers.shift() ?? 200;
          const body =
            status === 200
              ? { via: 'smtp' }
              : {
                  success: false,
                  code: status === 400 ? 'VALIDATION_FAILED' : 'UPSTREAM_UNAVAILABLE',
                  message: 'refused',
                  errors: status === 400 ? { subject: ['subject is refused'] } : undefined,
                  statusCode: status,
                  timestamp: new Date().toISOString(),
                };
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
      }),
    );
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Auth's account emails go to utilities from a job of the queue: a failure to reach it is retried,
 * a refusal (a 4xx: utilities would refuse the same email again) is not.
 */
describe('account emails utilities answers', () => {
  let utilities: UtilitiesStandIn;
  let stack: TestStack;

  beforeAll(async () => {
    utilities = await UtilitiesStandIn.start();
    stack = await TestStack.start({ env: { UTILITIES_URL: utilities.url } });
  });
  afterAll(async () => {
    await stack.stop();
    await utilities.close();
  });

  const signUp = (email: string) =>
    call(stack.auth.url, 'POST', '/api/v1/account/signup', {
      body: { email, password: 'violet tractor umbrella 42', name: 'Ada Okonkwo', organizationName: 'Acme Payroll' },
    });
  const jobsLeft = async () =>
    (await stack.auth.app.get(DataSource).query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'auth:send-account-email'`))[0].n;

  it('sends a refused email once, and leaves no job to retry it', async () => {
    utilities.answers.push(400);
    expect((await signUp('ada@example.com')).status).toBe(202);
    await eventually(() => utilities.received.length === 1, 15_000, 'the email sent');
    // a retry would come 2 s (±20 %) after the first attempt
    await sleep(5000);
    expect(utilities.received.map((email) => [email.kind, email.to])).toEqual([['verify_email', 'ada@example.com']]);
    expect(await jobsLeft()).toBe(0);
  });

  it('retries an email utilities could not take', async () => {
    utilities.answers.push(503);
    expect((await signUp('ben@example.com')).status).toBe(202);
    await eventually(() => utilities.received.filter((email) => email.to === 'ben@example.com').length === 2, 15_000, 'the email sent again');
    await eventually(async () => (await jobsLeft()) === 0, 5000, 'the job done');
  });
});
