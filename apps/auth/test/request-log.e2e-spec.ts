import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthContract } from '@platform/contracts';
import { AuthModule } from '../src/auth.module';
import { DailyUsage } from '../src/request-log/daily-usage.entity';
import { RequestLogEntry } from '../src/request-log/request-log-entry.entity';
import { RequestLogService } from '../src/request-log/request-log.service';
import { call } from '@test/support/http';
import { expectError, TestStack } from '@test/support/stack';

describe('request log (recent requests and usage by day)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ redis: false });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const record = (organizationId: string, credentialId: string, status: number, at: number): AuthContract.RequestRecord => ({
    organizationId,
    credentialId,
    product: 'hr',
    method: 'GET',
    route: '/api/v1/hr/employees',
    status,
    durationMs: 1.5,
    requestId: randomUUID(),
    at,
  });
  const send = (items: AuthContract.RequestRecord[], usage: AuthContract.UsageCount[] = []) =>
    call(stack.auth.url, 'POST', '/internal/v1/requests', {
      headers: { 'x-internal-token': stack.env.INTERNAL_TOKEN },
      body: { items, usage },
      unchecked: 'an internal route: not in the OpenAPI document',
    });
  const count = (organizationId: string, credentialId: string, day: string, requests: number): AuthContract.UsageCount => ({
    organizationId,
    credentialId,
    product: 'hr',
    day,
    requests,
  });

  it('takes batches from services only, adds their counts to the days, and refuses an oversized batch', async () => {
    const organizationId = randomUUID();
    const credentialId = randomUUID();
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
    const refused = await call(stack.auth.url, 'POST', '/internal/v1/requests', {
      body: { items: [record(organizationId, credentialId, 200, now)], usage: [] },
      unchecked: 'an internal route',
    });
    expect(refused.status).toBe(404);
    const answered = await send(
      [record(organizationId, credentialId, 200, now), record(organizationId, credentialId, 404, now)],
      [count(organizationId, credentialId, today, 2), count(organizationId, credentialId, yesterday, 1)],
    );
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ recorded: 2 });
    await send([], [count(organizationId, credentialId, today, 5)]);
    const days = await stack.auth.app
      .get(DataSource)
      .getRepository(DailyUsage)
      .find({ where: { organizationId }, order: { day: 'ASC' } });
    expect(days.map((row) => [row.day, row.product, row.requests])).toEqual([
      [yesterday, 'hr', 1],
      [today, 'hr', 7],
    ]);
    expect(await stack.auth.app.get(DataSource).getRepository(RequestLogEntry).countBy({ organizationId })).toBe(2);
    expectError(await send(Array.from({ length: 1000 }, () => record(organizationId, credentialId, 200, now))), 400, 'VALIDATION_FAILED');
    expectError(await send([], [{ ...count(organizationId, credentialId, today, 1), requests: 0 }]), 400, 'VALIDATION_FAILED');
  });

  it('takes the fullest call a service sends, sums a row counted twice in it, and refuses with 400 what PostgreSQL could not store', async () => {
    const organizationId = randomUUID();
    const credentialId = randomUUID();
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    // one count of today twice, and the rest of the call's counts on other days
    const usage = [count(organizationId, credentialId, today, 2), count(organizationId, credentialId, today, 3)];
    for (let i = 1; usage.length < AuthContract.COUNTS_PER_CALL; i++)
      usage.push(count(organizationId, credentialId, new Date(now - i * 86_400_000).toISOString().slice(0, 10), 1));
    const full = await send(
      Array.from({ length: AuthContract.RECORDS_PER_CALL }, () => record(organizationId, credentialId, 200, now)),
      usage,
    );
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ recorded: AuthContract.RECORDS_PER_CALL });
    const rows = stack.auth.app.get(DataSource).getRepository(DailyUsage);
    expect(await rows.countBy({ organizationId })).toBe(AuthContract.COUNTS_PER_CALL - 1);
    expect((await rows.findOneByOrFail({ organizationId, day: today })).requests).toBe(5);
    for (const refused of [
      send([], [count(organizationId, credentialId, '2026-02-30', 1)]),
      send([{ ...record(organizationId, credentialId, 200, now), at: 1e16 }]),
      send([{ ...record(organizationId, credentialId, 200, now), durationMs: 1e300 }]),
    ]) {
      expectError(await refused, 400, 'VALIDATION_FAILED');
    }
  });

  it('records auth’s own requests in its store, to the last one before it stops', async () => {
    const developer = await stack.developer();
    // no auth to call over HTTP: its own requests do not need one
    const auth = await stack.startApp(AuthModule, 'auth', { AUTH_URL: 'http://127.0.0.1:9' });
    for (let i = 0; i < 3; i++) expect((await developer.call(auth, 'GET', '/api/v1/authorize/current')).status).toBe(200);
    await auth.close();
    const days = await stack.auth.app.get(DataSource).getRepository(DailyUsage).findBy({ organizationId: developer.organizationId });
    expect(days.map((row) => [row.product, row.requests])).toEqual([['auth', 3]]);
    expect(await stack.auth.app.get(DataSource).getRepository(RequestLogEntry).countBy({ organizationId: developer.organizationId })).toBe(3);
  });

  it('keeps every organization’s last 1,000 requests, and its errors for 7 days besides', async () => {
    const organizationId = randomUUID();
    const other = randomUUID();
    const credentialId = randomUUID();
    const now = Date.now();
    const hour = 3_600_000;
    const old = [
      ...Array.from({ length: 5 }, (_, i) => record(organizationId, credentialId, 200, now - 10 * hour - i)),
      ...Array.from({ length: 3 }, (_, i) => record(organizationId, credentialId, 500, now - 24 * hour - i)),
      ...Array.from({ length: 2 }, (_, i) => record(organizationId, credentialId, 404, now - 8 * 24 * hour - i)),
    ];
    const recent = Array.from({ length: 1000 }, (_, i) => record(organizationId, credentialId, 200, now - i));
    // pruning looks at the organizations that made requests in the last 8 days (their usage counts)
    const today = new Date(now).toISOString().slice(0, 10);
    for (const batch of [old, recent.slice(0, 500), recent.slice(500)])
      expect((await send(batch, [count(organizationId, credentialId, today, batch.length)])).status).toBe(200);
    expect((await send([record(other, credentialId, 200, now - 30 * 24 * hour)], [count(other, credentialId, today, 1)])).status).toBe(200);

    await stack.auth.app.get(RequestLogService).prune();
    const rows = stack.auth.app.get(DataSource).getRepository(RequestLogEntry);
    expect(await rows.countBy({ organizationId })).toBe(1003);
    expect((await rows.findBy({ organizationId, status: 500 })).length).toBe(3);
    expect(await rows.countBy({ organizationId, status: 404 })).toBe(0);
    // another organization's only request, however old, is among its last 1,000
    expect(await rows.countBy({ organizationId: other })).toBe(1);
  });
});
