import type { Environment } from '../config/environment';
import type { RequestRecord, RequestRecords } from '../contracts/auth.contract';
import type { InternalApi } from '../http/internal-api';
import { KEPT_PER_BATCH, MAX_PER_BATCH, RequestLog } from './request-log';

/** Auth as the log sees it: answers each batch ok, or unavailable while `down`. */
function fakeAuth() {
  const batches: RequestRecords[] = [];
  const auth = { down: false, batches };
  const api = { call: async (_url: string, _route: unknown, request: { body: RequestRecords }) => (auth.down ? { kind: 'unavailable', reason: 'down' } : (batches.push(request.body), { kind: 'ok', value: { recorded: request.body.items.length } })) };
  return { auth, log: new RequestLog({ AUTH_URL: 'http://auth' } as Environment, api as unknown as InternalApi) };
}

let sequence = 0;
const at = Date.parse('2026-11-27T10:00:00Z');
const record = (organizationId: string, status = 200, credentialId = 'c1'): RequestRecord => ({ organizationId, credentialId, product: 'hr', method: 'GET', route: '/api/v1/hr/employees', status, durationMs: 1, requestId: String(++sequence), at });

describe('RequestLog', () => {
  it('counts every request but 429s, and carries the newest successes and errors of each organization', async () => {
    const { auth, log } = fakeAuth();
    const first = sequence + 1;
    for (let i = 0; i < KEPT_PER_BATCH + 500; i++) log.add(record('o1'));
    for (let i = 0; i < 3; i++) log.add(record('o1', 500));
    log.add(record('o1', 429));
    log.add(record('o2'));
    await log.flush();
    const [batch] = auth.batches;
    expect(batch.usage).toEqual([
      { organizationId: 'o1', credentialId: 'c1', product: 'hr', day: '2026-11-27', requests: KEPT_PER_BATCH + 503 },
      { organizationId: 'o2', credentialId: 'c1', product: 'hr', day: '2026-11-27', requests: 1 },
    ]);
    const o1 = batch.items.filter((item) => item.organizationId === 'o1');
    expect(o1.filter((item) => item.status === 200)).toHaveLength(KEPT_PER_BATCH);
    // the newest: the first 500 successes were replaced
    expect(Math.min(...o1.filter((item) => item.status === 200).map((item) => Number(item.requestId)))).toBe(first + 500);
    expect(o1.filter((item) => item.status >= 400).map((item) => item.status)).toEqual([500, 500, 500, 429]);
    expect(batch.items.filter((item) => item.organizationId === 'o2')).toHaveLength(1);
    await log.flush();
    expect(auth.batches).toHaveLength(1);
  });

  it('holds at most MAX_PER_BATCH requests whatever the organizations, and counts the rest', async () => {
    const { auth, log } = fakeAuth();
    for (let i = 0; i < MAX_PER_BATCH + 100; i++) log.add(record(`org-${i}`));
    await log.flush();
    expect(auth.batches[0].items).toHaveLength(MAX_PER_BATCH);
    expect(auth.batches[0].usage).toHaveLength(MAX_PER_BATCH + 100);
  });

  it('sends a batch auth did not take with the next one', async () => {
    const { auth, log } = fakeAuth();
    auth.down = true;
    log.add(record('o1'));
    await log.flush();
    expect(auth.batches).toHaveLength(0);
    auth.down = false;
    log.add(record('o1'));
    await log.flush();
    expect(auth.batches.map((batch) => batch.items.length)).toEqual([1, 1]);
    await log.onApplicationShutdown();
  });
});
