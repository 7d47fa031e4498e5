import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { freeLoopbackPort } from '@platform/devtools';
import { PayModule } from '../../apps/pay/src/pay.module';
import { call, eventually, sleep } from '@test/support/http';
import { ROOT } from '@test/support/paths';
import { RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

/** Utilities as production runs it: the built app in a process of its own, which the test may kill. */
class UtilitiesProcess {
  output = '';
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(env: Record<string, string>): Promise<UtilitiesProcess> {
    const port = await freeLoopbackPort();
    const child = spawn(process.execPath, ['dist/apps/utilities/main.js'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new UtilitiesProcess(child, `http://127.0.0.1:${port}`);
    child.stdout!.on('data', (chunk) => (started.output += chunk));
    child.stderr!.on('data', (chunk) => (started.output += chunk));
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`utilities exited: ${started.output}`);
        return (await call(started.url, 'GET', '/healthz/ready').catch(() => ({ status: 0 }))).status === 200;
      },
      60_000,
      'utilities to be ready',
    );
    return started;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }
}

/**
 * A utilities process killed with SIGKILL while a delivery is in flight: nothing of it runs its
 * shutdown. The job stays locked by the dead runner until another process's heartbeat sweep sees
 * it silent (JOB_VISIBILITY_TIMEOUT_MS), then the delivery is made again, with the same webhook-id.
 */
describe('webhooks: a utilities process killed mid-delivery', () => {
  let stack: TestStack;
  let pay: RunningApp;
  let receiver: WebhookReceiver;
  const processes: UtilitiesProcess[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
    stack = await TestStack.start({ env: { WEBHOOK_RETRY_SCHEDULE: '0s,200ms,200ms', WEBHOOK_TIMEOUT_MS: '30000', JOB_VISIBILITY_TIMEOUT_MS: '1500' } });
    pay = await stack.startApp(PayModule, 'pay');
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    for (const running of processes) await running.kill('SIGKILL');
    await stack.stop();
    await receiver.close();
  });

  const utilities = async () => {
    const started = await UtilitiesProcess.start({ ...stack.env, PAY_URL: pay.url });
    processes.push(started);
    return started;
  };

  it('re-delivers the event from another process, with the same webhook-id and body, verified', async () => {
    const first = await utilities();
    const dev = await stack.developer();
    const created = await call(first.url, 'POST', '/api/v1/app/webhooks/endpoints', {
      headers: dev.headers(),
      body: { url: receiver.url, eventTypes: ['wallet.credited'] },
    });
    expect(created.status).toBe(201);
    receiver.secrets.push(created.body.data.secret);
    // the first attempt never gets its answer: the process dies waiting for it
    receiver.answers.push({ status: 200, hang: true });

    const wallet = await dev.call(pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Float', currency: 'XAF' } });
    const credited = await dev.call(pay, 'POST', `/api/v1/pay/wallets/${wallet.body.data.id}/credits`, {
      body: { amount: 700, currency: 'XAF' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credited.status).toBe(201);
    const [attempt] = await eventually(() => receiver.received.length === 1 && receiver.received, 20_000, 'the first attempt');
    await first.kill('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    await utilities();
    const again = await eventually(() => receiver.received.length >= 2 && receiver.received[1], 30_000, 'the delivery again');
    expect(again.id).toBe(attempt.id);
    expect(again.body).toBe(attempt.body);
    expect(again.verified).toBe(true);
    expect(again.event).toMatchObject({ type: 'wallet.credited', companyId: dev.organizationId, data: { amount: 700 } });
    await sleep(1000);
    expect(receiver.received).toHaveLength(2);
  });
});
