import type { Environment } from '../config/environment';
import { COUNTS_PER_CALL, RECORDS_PER_CALL, RequestRecord, RequestRecords, UsageCount } from '@platform/contracts/internal/auth.contract';
import { inputErrors } from '../http/input-limits';
import type { InternalApi } from '../http/internal-api';
import { serviceMetricsRegistry } from '../metrics/registries';
import type { ServiceDescriptor } from '@platform/contracts/service';
import { callsOf, halvesOf, KEPT_PER_ORGANIZATION, MAX_HELD, REQUEST_LOG_DROPPED_METRIC, RequestLog } from './request-log';

/**
 * Auth as the log sees it: takes each call (keeping it), answers unavailable while `down`, and
 * refuses (400) any call holding a record `refuses` picks, as its validation would.
 */
function fakeAuth() {
  const calls: RequestRecords[] = [];
  const auth = { down: false, calls, refuses: (_record: RequestRecord) => false };
  const api = {
    call: async (_url: string, _route: unknown, request: { body: RequestRecords }) => {
      if (auth.down) return { kind: 'unavailable', reason: 'down' };
      if (inputErrors(request.body, 'body') || request.body.items.some(auth.refuses))
        return { kind: 'refused', status: 400, code: 'VALIDATION_FAILED', body: { code: 'VALIDATION_FAILED' } };
      calls.push(request.body);
      return { kind: 'ok', status: 200, value: { recorded: request.body.items.length } };
    },
  };
  const log = new RequestLog({ AUTH_URL: 'http://auth' } as Environment, api as unknown as InternalApi, { name: 'hr' } as ServiceDescriptor);
  const received = () => ({ items: calls.flatMap((call) => call.items), usage: calls.flatMap((call) => call.usage) });
  /** requests counted per organization, whatever the credential, product and day */
  const counted = () =>
    received().usage.reduce<Record<string, number>>(
      (sums, count) => ({ ...sums, [count.organizationId]: (sums[count.organizationId] ?? 0) + count.requests }),
      {},
    );
  return { auth, log, received, counted };
}

async function dropped(labels: string): Promise<number> {
  const metric = (await serviceMetricsRegistry('hr').getSingleMetric(REQUEST_LOG_DROPPED_METRIC)?.get())?.values ?? [];
  return metric
    .filter(
      (value) =>
        Object.entries(value.labels)
          .map(([name, label]) => `${name}=${label}`)
          .sort()
          .join(',') === labels,
    )
    .reduce((sum, value) => sum + value.value, 0);
}

let sequence = 0;
const at = Date.parse('2026-11-27T10:00:00Z');
const record = (organizationId: string, status = 200, credentialId = 'c1'): RequestRecord => ({
  organizationId,
  credentialId,
  product: 'hr',
  method: 'GET',
  route: '/api/v1/hr/employees',
  status,
  durationMs: 1,
  requestId: String(++sequence),
  at,
});

describe('RequestLog', () => {
  it('counts every request but 429s, and carries the newest successes and errors of each organization', async () => {
    const { received, log } = fakeAuth();
    const first = sequence + 1;
    for (let i = 0; i < KEPT_PER_ORGANIZATION + 500; i++) log.add(record('o1'));
    for (let i = 0; i < 3; i++) log.add(record('o1', 500));
    log.add(record('o1', 429));
    log.add(record('o2'));
    await log.flush();
    const batch = received();
    expect(batch.usage).toEqual([
      { organizationId: 'o1', credentialId: 'c1', product: 'hr', day: '2026-11-27', requests: KEPT_PER_ORGANIZATION + 503 },
      { organizationId: 'o2', credentialId: 'c1', product: 'hr', day: '2026-11-27', requests: 1 },
    ]);
    const o1 = batch.items.filter((item) => item.organizationId === 'o1');
    expect(o1.filter((item) => item.status === 200)).toHaveLength(KEPT_PER_ORGANIZATION);
    // the newest: the first 500 successes were replaced
    expect(Math.min(...o1.filter((item) => item.status === 200).map((item) => Number(item.requestId)))).toBe(first + 500);
    expect(o1.filter((item) => item.status >= 400).map((item) => item.status)).toEqual([500, 500, 500, 429]);
    expect(batch.items.filter((item) => item.organizationId === 'o2')).toHaveLength(1);
  });

  it('sends what it holds in calls within the input limits, the counts in the first', async () => {
    const { auth, log, received } = fakeAuth();
    // a call with both lists full is within the 10,000 values of any input
    const full = callsOf(
      Array.from({ length: RECORDS_PER_CALL }, () => record('o1')),
      Array.from({ length: COUNTS_PER_CALL }, (_, i): UsageCount => ({
        organizationId: '0b6f6f7e-3f1a-4a53-9a43-5d0c7a3c9f10',
        credentialId: '0b6f6f7e-3f1a-4a53-9a43-5d0c7a3c9f11',
        product: 'payroll',
        day: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
        requests: 2_000_000_000,
      })),
    );
    expect(full).toHaveLength(1);
    expect(inputErrors(full[0], 'body')).toBeUndefined();
    // 1,200 of a flood and 10 of another organization, each request with its own credential: 1,210 counts
    for (let i = 0; i < 1200; i++) log.add(record('flood', 200, `flood-key-${i}`));
    for (let i = 0; i < 10; i++) log.add(record('other', 200, `other-key-${i}`));
    await log.flush();
    expect(auth.calls.map((call) => [call.items.length, call.usage.length])).toEqual([
      [RECORDS_PER_CALL, COUNTS_PER_CALL],
      [RECORDS_PER_CALL, 410],
      [10, 0],
    ]);
    expect(received().items.filter((item) => item.organizationId === 'other')).toHaveLength(10);
    expect(received().items.filter((item) => item.organizationId === 'flood')).toHaveLength(KEPT_PER_ORGANIZATION);
  });

  it('keeps an organization’s few requests when many organizations flood, within MAX_HELD', async () => {
    const { log, received } = fakeAuth();
    const shedBefore = await dropped('reason=buffer_full,what=record');
    for (let i = 0; i < 3 * KEPT_PER_ORGANIZATION; i++) for (let org = 0; org < 8; org++) log.add(record(`flood-${org}`, i % 2 ? 200 : 503));
    for (let i = 0; i < 10; i++) log.add(record('quiet'));
    await log.flush();
    const items = received().items;
    expect(items.length).toBeLessThanOrEqual(MAX_HELD);
    expect(items.filter((item) => item.organizationId === 'quiet')).toHaveLength(10);
    // the floods were cut alike, both outcomes kept
    const floods = Array.from({ length: 8 }, (_, org) => items.filter((item) => item.organizationId === `flood-${org}`));
    expect(Math.max(...floods.map((f) => f.length)) - Math.min(...floods.map((f) => f.length))).toBeLessThanOrEqual(2);
    for (const flood of floods) expect(flood.filter((item) => item.status === 503).length).toBeGreaterThan(500);
    expect(await dropped('reason=buffer_full,what=record')).toBeGreaterThan(shedBefore);
    expect(received().usage.reduce((sum, count) => sum + count.requests, 0)).toBe(8 * 3 * KEPT_PER_ORGANIZATION + 10);
  });

  it('splits a call auth refuses, and drops only the record it refuses, with a metric', async () => {
    const { auth, log, received } = fakeAuth();
    const refusedBefore = await dropped('reason=refused,what=record');
    auth.refuses = (item) => item.route === '/bad';
    for (let i = 0; i < 300; i++) log.add(i === 137 ? { ...record('o1'), route: '/bad' } : record(i % 3 ? 'o1' : 'o2'));
    await log.flush();
    expect(received().items).toHaveLength(299);
    expect(received().items.some((item) => item.route === '/bad')).toBe(false);
    expect(received().usage.reduce((sum, count) => sum + count.requests, 0)).toBe(300);
    expect(await dropped('reason=refused,what=record')).toBe(refusedBefore + 1);
  });

  it('holds what auth does not take, with what comes meanwhile, and loses no count', async () => {
    const { auth, log, received, counted } = fakeAuth();
    auth.down = true;
    // five failed flushes: a flood, and another organization's requests between them
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 2000; i++) log.add(record('flood', i % 10 ? 429 : 200));
      log.add(record('other'));
      await log.flush();
    }
    expect(auth.calls).toHaveLength(0);
    auth.down = false;
    await log.flush();
    expect(counted()).toEqual({ flood: 5 * 200, other: 5 });
    expect(received().items.filter((item) => item.organizationId === 'other')).toHaveLength(5);
    // the flood's newest of each outcome
    expect(received().items.filter((item) => item.organizationId === 'flood')).toHaveLength(2 * KEPT_PER_ORGANIZATION);
    // the records went back in their order: the newest flood errors are those of the last round
    const errors = received()
      .items.filter((item) => item.organizationId === 'flood' && item.status === 429)
      .map((item) => Number(item.requestId));
    expect(errors).toEqual([...errors].sort((a, b) => a - b));
  });

  it('sends again what is held once a send ends, and at shutdown', async () => {
    const { log, counted } = fakeAuth();
    log.add(record('o1'));
    const sending = log.flush();
    log.add(record('o1'));
    await sending;
    await log.onApplicationShutdown();
    expect(counted()).toEqual({ o1: 2 });
  });

  it('halves a call into two non-empty calls, records first', () => {
    const count: UsageCount = { organizationId: 'o', credentialId: 'c', product: 'hr', day: '2026-11-27', requests: 1 };
    expect(halvesOf({ items: [record('o')], usage: [] })).toBeUndefined();
    expect(halvesOf({ items: [], usage: [count] })).toBeUndefined();
    const [a, b] = halvesOf({ items: [record('o')], usage: [count] })!;
    expect([a.items.length, a.usage.length, b.items.length, b.usage.length]).toEqual([1, 0, 0, 1]);
    const [c, d] = halvesOf({ items: [record('o'), record('o'), record('o')], usage: [count, count] })!;
    expect([c.items.length, c.usage.length, d.items.length, d.usage.length]).toEqual([2, 0, 1, 2]);
  });
});
