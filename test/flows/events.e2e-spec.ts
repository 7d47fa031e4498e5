import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import { eventCatalogue, EVENT_TYPES, type ServiceName } from '@platform/contracts';
import { BooksModule } from '../../apps/books/src/books.module';
import { HrModule } from '../../apps/hr/src/hr.module';
import { PayModule } from '../../apps/pay/src/pay.module';
import { PayrollModule } from '../../apps/payroll/src/payroll.module';
import { UtilitiesModule } from '../../apps/utilities/src/utilities.module';
import { handWorkedCompany, MARCH } from '../../apps/payroll/test/hand-worked-month';
import { TestProviderServer } from '../../apps/utilities/test/channel-servers';
import { closedSchema } from '@test/support/closed-schema';
import { call, eventually } from '@test/support/http';
import { expectError, RunningApp, TestStack } from '@test/support/stack';
import { WebhookReceiver } from '@test/support/webhook-receiver';

interface Event {
  id: string;
  type: string;
  occurredAt: string;
  companyId: string;
  data: Record<string, any>;
  version: number;
  position: number;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
/** Each event type's catalogue schema, closed, compiled once. */
const catalogueSchemas = new Map<string, ValidateFunction>(eventCatalogue().map((entry) => [entry.type, ajv.compile(closedSchema(entry.schema) as object)]));
/** The event types the services recorded in this file, each checked against its catalogue schema. */
const checkedTypes = new Set<string>();

/** What is wrong with a published event, as a webhook delivers it (without its feed position), by its catalogue entry. */
function catalogueProblems({ position: _position, ...event }: Event): string[] {
  const { type } = event;
  const validate = catalogueSchemas.get(type);
  if (!validate) return [`${type}: not in the catalogue`];
  checkedTypes.add(type);
  return validate(event)
    ? []
    : (validate.errors ?? []).map(
        (error) =>
          `${type} ${error.instancePath || '(event)'} ${error.message}${error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : ''}`,
      );
}

/**
 * Every service records its domain events in its own outbox, in the transaction of the change,
 * and the job queue relays them: each gets its position in the service's feed
 * (GET /internal/v1/<service>/events), which the webhook fan-out follows.
 */
describe('domain events: one outbox per service, relayed by the job queue', () => {
  let stack: TestStack;
  let apps: Record<ServiceName, RunningApp>;
  let internal: Record<string, string>;
  /** The SMS provider: it refuses every message (a permanent failure). */
  let sms: TestProviderServer;

  beforeAll(async () => {
    stack = await TestStack.start();
    sms = await TestProviderServer.start();
    sms.fallback.set('/sms', 422);
    internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
    const hr = await stack.startApp(HrModule, 'hr');
    const pay = await stack.startApp(PayModule, 'pay');
    const books = await stack.startApp(BooksModule, 'books');
    const payroll = await stack.startApp(PayrollModule, 'payroll', { HR_URL: hr.url, PAY_URL: pay.url, BOOKS_URL: books.url });
    const utilities = await stack.startApp(UtilitiesModule, 'utilities', {
      HR_URL: hr.url,
      PAYROLL_URL: payroll.url,
      SMS_PROVIDER_URL: `${sms.url}/sms`,
      PROVIDER_AUTH_TOKEN: 'provider-token-123456',
    });
    apps = { auth: stack.auth, hr, pay, books, utilities, payroll };
  });
  afterAll(async () => {
    await stack?.stop();
    await sms?.stop();
  });

  /** Every published event of a service after `after`, page by page. */
  async function feed(service: ServiceName, after = 0): Promise<Event[]> {
    const events: Event[] = [];
    for (let cursor = after; ;) {
      const page = await call(apps[service].url, 'GET', `/internal/v1/${service}/events?after=${cursor}&limit=50`, { headers: internal });
      expect(page.status).toBe(200);
      if (!page.body.items.length) {
        expect(page.body.nextAfter).toBe(cursor);
        return events;
      }
      events.push(...page.body.items);
      // every event the services record is what the catalogue says of its type
      expect((page.body.items as Event[]).flatMap(catalogueProblems)).toEqual([]);
      cursor = page.body.nextAfter;
      expect(cursor).toBe(page.body.items[page.body.items.length - 1].position);
    }
  }

  /** Where a service's feed ends now. */
  async function end(service: ServiceName): Promise<number> {
    const events = await feed(service);
    return events.length ? events[events.length - 1].position : 0;
  }

  /** The company's events published after `after`, once there are `count` of them (the relay runs right after each commit). */
  async function published(service: ServiceName, after: number, companyId: string, count: number): Promise<Event[]> {
    return eventually(
      async () => {
        const events = (await feed(service, after)).filter((event) => event.companyId === companyId);
        return events.length >= count && events;
      },
      15_000,
      `${count} ${service} events`,
    );
  }

  function expectEnvelope(event: Event, companyId: string) {
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: expect.any(String),
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      companyId,
      data: expect.any(Object),
      version: 1,
      position: expect.any(Number),
    });
  }

  it('pay: a top-up and a transfer are wallet credits, a transfer a succeeded payment; a refused payment records nothing', async () => {
    const dev = await stack.developer();
    const from = await end('pay');
    const wallet = (await dev.call(apps.pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Float', currency: 'XAF' } })).body.data.id;
    const other = (await dev.call(apps.pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Petty cash', currency: 'XAF' } })).body.data.id;
    const credit = await dev.call(apps.pay, 'POST', `/api/v1/pay/wallets/${wallet}/credits`, {
      body: { amount: 50_000, currency: 'XAF' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credit.status).toBe(201);
    const transfer = await dev.call(apps.pay, 'POST', '/api/v1/pay/payments', {
      body: { walletId: wallet, amount: 20_000, currency: 'XAF', recipient: { type: 'wallet', walletId: other }, description: 'To petty cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(transfer.status).toBe(201);
    const refused = await dev.call(apps.pay, 'POST', '/api/v1/pay/payments', {
      body: { walletId: other, amount: 1_000_000, currency: 'XAF', recipient: { type: 'wallet', walletId: wallet }, description: 'Too much' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectError(refused, 400, 'WALLET_INSUFFICIENT_BALANCE');

    const events = await published('pay', from, dev.organizationId, 3);
    events.forEach((event) => expectEnvelope(event, dev.organizationId));
    expect(events.map((event) => [event.type, event.data.walletId])).toEqual([
      ['wallet.credited', wallet],
      ['wallet.credited', other],
      ['payment.succeeded', wallet],
    ]);
    expect(events[0].data).toMatchObject({ type: 'credit', amount: 50_000, balanceAfter: 50_000 });
    expect(events[1].data).toMatchObject({ type: 'transfer_in', amount: 20_000, paymentId: transfer.body.data.id });
    expect(events[2].data).toEqual(transfer.body.data);
    // nothing else comes: the refused payment rolled back with its events
    expect((await feed('pay', from)).filter((event) => event.companyId === dev.organizationId)).toHaveLength(3);
  });

  it('books: a posted entry, its reversal (posted, and the original reversed) and a period closed', async () => {
    const dev = await stack.developer();
    const from = await end('books');
    expect((await dev.call(apps.books, 'POST', '/api/v1/books/accounts/default-chart', { body: {} })).status).toBe(200);
    const accounts = (await dev.call(apps.books, 'GET', '/api/v1/books/accounts?limit=100')).body.data.items as { id: string; code: string }[];
    const id = (code: string) => accounts.find((account) => account.code === code)!.id;
    const posted = await dev.call(apps.books, 'POST', '/api/v1/books/journal-entries', {
      body: {
        date: '2026-02-10',
        memo: 'Rent',
        lines: [
          { accountId: id('661'), debit: 90_000 },
          { accountId: id('422'), credit: 90_000 },
        ],
      },
    });
    expect(posted.status).toBe(201);
    const reversal = await dev.call(apps.books, 'POST', `/api/v1/books/journal-entries/${posted.body.data.id}/reverse`, { body: { date: '2026-02-11' } });
    expect(reversal.status).toBe(201);
    expect((await dev.call(apps.books, 'POST', '/api/v1/books/periods/close', { body: { through: '2026-02-28' } })).status).toBe(200);

    const events = await published('books', from, dev.organizationId, 4);
    expect(events.map((event) => event.type)).toEqual(['journal_entry.posted', 'journal_entry.posted', 'journal_entry.reversed', 'period.closed']);
    expect(events[0].data).toEqual(posted.body.data);
    expect(events[1].data).toEqual(reversal.body.data);
    expect(events[2].data).toEqual({ ...posted.body.data, reversedBy: reversal.body.data.id });
    expect(events[3].data).toMatchObject({ endDate: '2026-02-28', companyId: dev.organizationId });
  });

  it('payroll: a run created, approved, cancelled; HR: the employees hired for it', async () => {
    const fromHr = await end('hr');
    const from = await end('payroll');
    const { dev } = await handWorkedCompany(stack, apps.hr);
    const run = (await dev.call(apps.payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH })).body.data;
    expect((await dev.call(apps.payroll, 'POST', `/api/v1/payroll/runs/${run.id}/approve`)).status).toBe(200);
    // refused: an approved run is not approved again, and records nothing
    expectError(await dev.call(apps.payroll, 'POST', `/api/v1/payroll/runs/${run.id}/approve`), 409, 'PAYROLL_RUN_LOCKED');
    expect((await dev.call(apps.payroll, 'POST', `/api/v1/payroll/runs/${run.id}/cancel`)).status).toBe(200);

    const events = await published('payroll', from, dev.organizationId, 3);
    expect(events.map((event) => [event.type, event.data.id, event.data.status])).toEqual([
      ['payroll_run.created', run.id, 'draft'],
      ['payroll_run.approved', run.id, 'approved'],
      ['payroll_run.cancelled', run.id, 'cancelled'],
    ]);
    // the company's HR writes are relayed in the order their transactions committed, the leave approval last
    const hired = await eventually(
      async () => {
        const events = (await feed('hr', fromHr)).filter((event) => event.companyId === dev.organizationId);
        return events.some((event) => event.type === 'leave_request.approved') && events;
      },
      15_000,
      'the hand-worked company’s HR events',
    );
    expect(hired.filter((event) => event.type === 'employee.created')).toHaveLength(3);
    expect(hired.map((event) => event.type)).toContain('leave_request.approved');
  });

  it('hr: an employee updated, then terminated; an approved leave cancelled; a contract ended. An event unlike its catalogue entry is refused', async () => {
    const from = await end('hr');
    const { dev, c } = await handWorkedCompany(stack, apps.hr);
    expect((await dev.call(apps.hr, 'PATCH', `/api/v1/hr/employees/${c}`, { body: { jobTitle: 'Senior Clerk' } })).status).toBe(200);
    // an approved leave is cancelled (its days given back) only before it begins
    const monday = new Date(Date.now() + 30 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    const [startDate, endDate] = [0, 1].map((days) => new Date(monday.getTime() + days * 86_400_000).toISOString().slice(0, 10));
    const unpaid = (await dev.call(apps.hr, 'GET', '/api/v1/hr/leave-types')).body.data.items[0];
    const requested = await dev.call(apps.hr, 'POST', '/api/v1/hr/leave-requests', { body: { employeeId: c, leaveTypeId: unpaid.id, startDate, endDate } });
    expect(requested.status).toBe(201);
    const leave = requested.body.data;
    expect((await dev.call(apps.hr, 'POST', `/api/v1/hr/leave-requests/${leave.id}/approve`)).status).toBe(200);
    expect((await dev.call(apps.hr, 'POST', `/api/v1/hr/leave-requests/${leave.id}/cancel`)).status).toBe(200);
    const contract = (await dev.call(apps.hr, 'GET', `/api/v1/hr/contracts?employeeId=${c}`)).body.data.items[0];
    expect((await dev.call(apps.hr, 'PATCH', `/api/v1/hr/contracts/${contract.id}`, { body: { status: 'ended', endDate: '2026-03-31' } })).status).toBe(200);
    expect((await dev.call(apps.hr, 'PATCH', `/api/v1/hr/employees/${c}`, { body: { status: 'terminated', terminationDate: '2026-03-31' } })).status).toBe(200);

    const mine = await eventually(
      async () => {
        const events = (await feed('hr', from)).filter(
          (event) => event.companyId === dev.organizationId && (event.data.employeeId === c || event.data.id === c),
        );
        return events.some((event) => event.type === 'employee.terminated') && events;
      },
      15_000,
      'the terminated employee’s HR events',
    );
    expect(mine.map((event) => event.type)).toEqual([
      'employee.created',
      'contract.activated',
      'leave_request.approved',
      'employee.updated',
      'leave_request.approved',
      'leave_request.cancelled',
      'contract.ended',
      'employee.updated',
      'employee.terminated',
    ]);
    expect(mine[8].data).toMatchObject({ id: c, status: 'terminated', terminationDate: '2026-03-31', jobTitle: 'Senior Clerk' });

    // the check the feed applies to every event: a field of the wrong kind, or one the view does not document, is refused
    const { position: _position, ...created } = mine[0];
    expect(catalogueProblems({ ...created, position: 0, data: { ...created.data, status: 'retired', secretHash: 'x' } }).sort()).toEqual([
      'employee.created /data must NOT have additional properties (secretHash)',
      'employee.created /data/status must be equal to one of the allowed values',
    ]);
    expect(catalogueProblems({ ...created, position: 0, type: 'employee.hired' })).toEqual(['employee.hired: not in the catalogue']);
  });

  it('payroll and pay: runs paid, one payout declined: payslips paid and failed, payments succeeded and failed, the fully paid run paid', async () => {
    const fromPayroll = await end('payroll');
    const fromPay = await end('pay');
    const paidRun = async (company: Awaited<ReturnType<typeof handWorkedCompany>>) => {
      const wallet = (await company.dev.call(apps.pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Payroll float', currency: 'XAF' } })).body.data.id;
      const credit = await company.dev.call(apps.pay, 'POST', `/api/v1/pay/wallets/${wallet}/credits`, {
        body: { amount: 1_000_000, currency: 'XAF' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(credit.status).toBe(201);
      const run = (await company.dev.call(apps.payroll, 'POST', '/api/v1/payroll/runs', { body: MARCH })).body.data.id;
      expect((await company.dev.call(apps.payroll, 'POST', `/api/v1/payroll/runs/${run}/approve`)).status).toBe(200);
      const paid = await company.dev.call(apps.payroll, 'POST', `/api/v1/payroll/runs/${run}/pay`, { body: { walletId: wallet } });
      expect(paid.status).toBe(200);
      return paid.body.data.run;
    };
    const clean = await handWorkedCompany(stack, apps.hr);
    expect(await paidRun(clean)).toMatchObject({ status: 'paid' });
    const declined = await handWorkedCompany(stack, apps.hr, { c: { method: 'mobile_money', provider: 'orange_money', phoneNumber: '+237699009999' } });
    expect(await paidRun(declined)).toMatchObject({ status: 'approved' });

    const payroll = await published('payroll', fromPayroll, clean.dev.organizationId, 6);
    expect(payroll.map((event) => event.type)).toEqual([
      'payroll_run.created',
      'payroll_run.approved',
      'payslip.paid',
      'payslip.paid',
      'payslip.paid',
      'payroll_run.paid',
    ]);
    const failed = await published('payroll', fromPayroll, declined.dev.organizationId, 5);
    expect(failed.map((event) => event.type).sort()).toEqual([
      'payroll_run.approved',
      'payroll_run.created',
      'payslip.paid',
      'payslip.paid',
      'payslip.payment_failed',
    ]);
    const payments = await published('pay', fromPay, declined.dev.organizationId, 4);
    expect(payments.map((event) => event.type).sort()).toEqual(['payment.failed', 'payment.succeeded', 'payment.succeeded', 'wallet.credited']);
  });

  it('utilities: documents created, a document job succeeded and one failed, a file deleted, a notification delivered and one refused; auth: a secret rotated, told without the secret', async () => {
    const dev = await stack.developer();
    const fromUtilities = await end('utilities');
    const fromAuth = await end('auth');
    const document = await dev.call(apps.utilities, 'POST', '/api/v1/app/documents', {
      body: {
        type: 'invoice',
        format: 'pdf',
        data: {
          number: 'INV-1',
          customer: 'Brasseries SA',
          currency: 'XAF',
          issueDate: '2026-03-31',
          lines: [{ description: 'Service', quantity: 1, unitPrice: 10_000 }],
        },
      },
    });
    expect(document.status).toBe(201);
    const job = await dev.call(apps.utilities, 'POST', '/api/v1/app/document-jobs', {
      body: {
        type: 'invoice',
        format: 'xlsx',
        data: {
          number: 'INV-2',
          customer: 'Brasseries SA',
          currency: 'XAF',
          issueDate: '2026-03-31',
          lines: [{ description: 'Service', quantity: 2, unitPrice: 10_000 }],
        },
      },
    });
    expect(job.status).toBe(202);
    // refused for good: the payroll run does not exist
    const doomed = await dev.call(apps.utilities, 'POST', '/api/v1/app/document-jobs', {
      body: { type: 'payslip', format: 'pdf', data: { payrollRunId: randomUUID() } },
    });
    expect(doomed.status).toBe(202);
    const notification = await dev.call(apps.utilities, 'POST', '/api/v1/app/notifications', {
      body: { category: 'general', title: 'Payslip ready', body: 'Your March payslip is ready.', recipients: ['finance@example.cm'], channels: ['email'] },
    });
    expect(notification.status).toBe(202);
    // the SMS provider refuses it: failed at once, for good
    expect((await dev.call(apps.utilities, 'PATCH', '/api/v1/app/notifications/preferences', { body: { category: 'due', sms: true } })).status).toBe(200);
    const texted = await dev.call(apps.utilities, 'POST', '/api/v1/app/notifications', {
      body: { category: 'due', title: 'Invoice due', body: 'Invoice 42 is due.', recipients: ['+237699000001'], channels: ['sms'] },
    });
    expect(texted.status).toBe(202);
    // the rendered document's file, as the API answered it just before its deletion
    const file = (await dev.call(apps.utilities, 'GET', `/api/v1/app/files/${document.body.data.fileId}`)).body.data;
    expect((await dev.call(apps.utilities, 'DELETE', `/api/v1/app/files/${file.id}`)).status).toBe(200);

    const events = await published('utilities', fromUtilities, dev.organizationId, 7);
    const byType = Object.fromEntries(events.map((event) => [event.type, event]));
    expect(Object.keys(byType).sort()).toEqual([
      'document.created',
      'document_job.failed',
      'document_job.succeeded',
      'file.deleted',
      'notification.delivered',
      'notification.failed',
    ]);
    expect(byType['file.deleted'].data).toEqual(file);
    expect(byType['notification.failed'].data).toMatchObject({
      notificationId: texted.body.data.id,
      channel: 'sms',
      recipient: '+237699000001',
      status: 'failed',
      attempts: 1,
      lastError: expect.any(String),
    });
    expect(byType['document_job.failed'].data).toMatchObject({
      id: doomed.body.data.id,
      status: 'failed',
      documentId: null,
      error: { code: 'PAYROLL_RUN_NOT_FOUND' },
    });
    expect(events.filter((event) => event.type === 'document.created')).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'document.created', data: document.body.data });
    const finished = (await dev.call(apps.utilities, 'GET', `/api/v1/app/document-jobs/${job.body.data.id}`)).body.data;
    expect(byType['document_job.succeeded'].data).toEqual(finished);
    expect(byType['notification.delivered'].data).toMatchObject({
      notificationId: notification.body.data.id,
      channel: 'email',
      recipient: 'finance@example.cm',
      status: 'sent',
      attempts: 1,
    });
    // last: the rotation revokes the token this test calls with
    const rotated = await dev.call(apps.auth, 'POST', '/api/v1/authorize/rotate-secret');
    expect(rotated.status).toBe(200);
    const [rotation] = await published('auth', fromAuth, dev.organizationId, 1);
    expectEnvelope(rotation, dev.organizationId);
    expect(rotation).toMatchObject({
      type: 'credential.secret_rotated',
      data: { credentialId: dev.credentialId, secretVersion: 2, apiKeyPrefix: expect.any(String) },
    });
    expect(JSON.stringify(rotation)).not.toContain(rotated.body.data.apiSecret);
    expect(Object.keys(rotation.data).sort()).toEqual(['apiKeyPrefix', 'credentialId', 'environment', 'previousSecretExpiresAt', 'rotatedAt', 'secretVersion']);
    expect(rotation.data.previousSecretExpiresAt).toBeNull();
  });

  it('utilities: a webhook endpoint whose receiver answers 410 is disabled', async () => {
    const dev = await stack.developer();
    const from = await end('utilities');
    const gone = await WebhookReceiver.start();
    gone.fallback = { status: 410 };
    try {
      const endpoint = await dev.call(apps.utilities, 'POST', '/api/v1/app/webhooks/endpoints', { body: { url: gone.url } });
      expect(endpoint.status).toBe(201);
      expect((await dev.call(apps.utilities, 'POST', `/api/v1/app/webhooks/endpoints/${endpoint.body.data.id}/test`)).status).toBe(202);
      const [disabled] = await published('utilities', from, dev.organizationId, 1);
      expectEnvelope(disabled, dev.organizationId);
      const view = (await dev.call(apps.utilities, 'GET', `/api/v1/app/webhooks/endpoints/${endpoint.body.data.id}`)).body.data;
      expect(disabled).toMatchObject({ type: 'webhook_endpoint.disabled', data: view });
      expect(view).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    } finally {
      await gone.close();
    }
  });

  it('concurrent writes: every event published once, positions increasing with no event skipped by a reader that follows them', async () => {
    const dev = await stack.developer();
    const wallet = (await dev.call(apps.pay, 'POST', '/api/v1/pay/wallets', { body: { name: 'Busy', currency: 'XAF' } })).body.data.id;
    const from = await end('pay');
    // a reader follows the feed while 40 credits commit side by side
    const seen: Event[] = [];
    let cursor = from;
    let writing = true;
    const reader = (async () => {
      while (writing || seen.length < 40) {
        const page = await call(apps.pay.url, 'GET', `/internal/v1/pay/events?after=${cursor}&limit=7`, { headers: internal });
        seen.push(...page.body.items);
        expect((page.body.items as Event[]).flatMap(catalogueProblems)).toEqual([]);
        cursor = page.body.nextAfter;
        if (!page.body.items.length) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const credits = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        dev.call(apps.pay, 'POST', `/api/v1/pay/wallets/${wallet}/credits`, {
          body: { amount: 100 + i, currency: 'XAF' },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    expect(credits.map((credit) => credit.status)).toEqual(Array(40).fill(201));
    writing = false;
    await reader;
    const mine = seen.filter((event) => event.companyId === dev.organizationId);
    expect(mine).toHaveLength(40);
    expect(new Set(mine.map((event) => event.id)).size).toBe(40);
    expect(mine.map((event) => event.data.amount).sort()).toEqual(credits.map((credit) => credit.body.data.amount).sort());
    const positions = seen.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('checked every event type against its catalogue entry: the services recorded each here', () => {
    expect([...checkedTypes].sort()).toEqual(Object.values(EVENT_TYPES).flat().sort());
  });

  it('keeps the feed internal and its cursor bounded', async () => {
    expectError(await call(apps.pay.url, 'GET', '/internal/v1/pay/events'), 404, 'HTTP_ERROR');
    for (const query of ['after=-1', 'after=abc', 'after=9007199254740992', 'limit=0', 'limit=501', 'since=1']) {
      expectError(await call(apps.books.url, 'GET', `/internal/v1/books/events?${query}`, { headers: internal }), 400, 'VALIDATION_FAILED');
    }
  });
});
