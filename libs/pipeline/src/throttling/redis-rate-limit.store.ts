import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type Redis from 'ioredis';
import { PlatformException } from '../errors/platform.exception';
import { FailureLog } from '../logging/failure-log';
import { Batcher } from '../runtime/batcher';
import { atTurnEnd } from '../runtime/turn-end';
import { AdmissionLeases, GrantedResult, LeaseRefund } from './admission-leases';
import { BURST_SPAN_MS, PlanLimitRequest, PlanLimitResult, QuotaFold, RateLimitStore, UsageByProduct, WindowCounter } from './rate-limit.store';

/**
 * Admits a batch of requests in one call. Per request i: KEYS[2i-1] its burst sorted set
 * (admission times), KEYS[2i] its organization's quota hash (product -> count); ARGV[1] how long an admission counts (BURST_SPAN_MS),
 * ARGV[2] the lease length in ms, then six ARGV per request: burst, quota (below 0: none, the
 * burst alone and nothing counted), product, unique member suffix, quota key ttl seconds,
 * admissions wanted. Uses the server's clock so replicas agree;
 * requests are admitted in order, so two of the same organization in one batch see each other.
 * Returns six numbers per request: allowed, reason (0 ok, 1 burst, 2 quota), burstRemaining,
 * quotaUsed, burstResetMs, admissions granted.
 *
 * A request that wants one admission is recorded at the server's now. One that wants several
 * (a lease, see AdmissionLeases) is granted as many as the burst and the quota leave, at least
 * one, each recorded at now + the lease length: the time by which the lease is used up.
 *
 * A busy organization has many requests in one batch: each burst set is trimmed, counted and read
 * once, its admissions added in one ZADD, and each quota field incremented once by the batch's
 * count, so Redis works once per organization rather than once per request.
 */
const CONSUME_MANY_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local span = tonumber(ARGV[1])
local leaseMs = tonumber(ARGV[2])
local bursts, burstOrder, quotas, quotaOrder = {}, {}, {}, {}
local out = {}
for i = 1, #KEYS / 2 do
  local burstKey, quotaKey = KEYS[2 * i - 1], KEYS[2 * i]
  local a = 3 + (i - 1) * 6
  local burst, quota, product = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), ARGV[a + 2]
  local b = bursts[burstKey]
  if not b then
    redis.call('ZREMRANGEBYSCORE', burstKey, '-inf', now - span)
    local oldest = redis.call('ZRANGE', burstKey, 0, 0, 'WITHSCORES')
    b = { count = redis.call('ZCARD', burstKey), oldest = tonumber(oldest[2]), adds = {} }
    bursts[burstKey] = b
    burstOrder[#burstOrder + 1] = burstKey
  end
  local q = nil
  if quota >= 0 then
    local qid = quotaKey .. '|' .. product
    q = quotas[qid]
    if not q then
      q = { key = quotaKey, product = product, used = tonumber(redis.call('HGET', quotaKey, product) or '0'), added = 0, ttl = ARGV[a + 4] }
      quotas[qid] = q
      quotaOrder[#quotaOrder + 1] = qid
    end
  end
  local used = q and q.used or 0
  local o = #out
  if q and q.used >= quota then
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5], out[o + 6] = 0, 2, math.max(0, burst - b.count), used, 0, 0
  elseif b.count >= burst then
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5], out[o + 6] = 0, 1, 0, used, (b.oldest or now) + span - now, 0
  else
    local want = tonumber(ARGV[a + 5])
    local at, member = now, now .. ':' .. ARGV[a + 3]
    local granted = 1
    if want > 1 then
      granted = math.min(want, burst - b.count, q and (quota - q.used) or want)
      at = now + leaseMs
    end
    for j = 1, granted do
      b.adds[#b.adds + 1] = at
      b.adds[#b.adds + 1] = granted > 1 and (member .. ':' .. j) or member
    end
    b.count = b.count + granted
    b.oldest = b.oldest and math.min(b.oldest, at) or at
    if q then
      q.used = q.used + granted
      q.added = q.added + granted
    end
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5], out[o + 6] = 1, 0, burst - b.count, q and q.used or 0, b.oldest + span - now, granted
  end
end
for _, burstKey in ipairs(burstOrder) do
  local adds = bursts[burstKey].adds
  if #adds > 0 then
    redis.call('ZADD', burstKey, unpack(adds))
    -- a lease's admissions are recorded up to leaseMs ahead, and count for a span after that
    redis.call('PEXPIRE', burstKey, span + leaseMs)
  end
end
for _, qid in ipairs(quotaOrder) do
  local q = quotas[qid]
  if q.added > 0 and redis.call('HINCRBY', q.key, q.product, q.added) == q.added then
    redis.call('EXPIRE', q.key, tonumber(q.ttl))
  end
end
return out
`;

/** A quota hash lives until a day after its period ends. */
function quotaTtlSeconds(periodEndMs: number, now: number): number {
  return Math.max(60, Math.ceil((periodEndMs - now) / 1000) + 86_400);
}

/**
 * A batch is one Lua call, which holds Redis while it runs: a bound keeps that short. One call
 * is out at a time: the checks that arrive meanwhile go together in the next. Each call costs a
 * socket write and a wake-up on both sides, which on a busy service cost more than the wait
 * behind the call out (measured with two out at once: 8% fewer PATCHes and 7% fewer GETs a
 * second, Redis spending 11–12 µs of CPU per GET instead of 8). A service with no call out sends at
 * once.
 */
const BATCHING = { maxBatch: 128, maxInFlight: 1 };

/**
 * Counts failures for a batch of reservations (RateLimitStore.countWithinLimits). KEYS the
 * counters of every reservation in turn; ARGV per reservation: its window in ms, its number of
 * counters n, then their n limits. Returns per reservation how many counters it counted in:
 * each is incremented while it is under its limit, up to the first that is full.
 */
const RESERVE_FAILURES_SCRIPT = `
local out, k, a = {}, 1, 1
while a <= #ARGV do
  local windowMs, n = ARGV[a], tonumber(ARGV[a + 1])
  local counted = 0
  for i = 1, n do
    local key = KEYS[k + i - 1]
    if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[a + 1 + i]) then break end
    if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, windowMs) end
    counted = i
  end
  out[#out + 1] = counted
  k, a = k + n, a + 2 + n
end
return out
`;

/** KEYS failure counters to take one off each; one down to nothing is deleted, so its next failure starts a window. */
const RELEASE_FAILURES_SCRIPT = `
for i = 1, #KEYS do
  if redis.call('DECR', KEYS[i]) <= 0 then redis.call('DEL', KEYS[i]) end
end
return #KEYS
`;

/** KEYS quota hashes; ARGV product and count per key. Gives back leased admissions not used, to hashes that still exist. */
const REFUND_SCRIPT = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('HINCRBY', KEYS[i], ARGV[2 * i - 1], -tonumber(ARGV[2 * i])) end
end
return #KEYS
`;

/**
 * Moves credentials' counters into their organization's (RateLimitStore.foldIntoOrganizations).
 * Per fold: KEYS its organization's hash, then its credentials' hashes; ARGV the number of
 * credentials and the organization hash's ttl in seconds. Each credential's fields are added to
 * the organization's and the credential's hash deleted, in this one step: a request counted
 * meanwhile is counted once, here or there. Returns how many credentials had counters.
 */
const FOLD_SCRIPT = `
local k, folded = 1, 0
for a = 1, #ARGV, 2 do
  local organizationKey, n = KEYS[k], tonumber(ARGV[a])
  for i = 1, n do
    local fields = redis.call('HGETALL', KEYS[k + i])
    if #fields > 0 then
      for j = 1, #fields, 2 do redis.call('HINCRBY', organizationKey, fields[j], fields[j + 1]) end
      redis.call('DEL', KEYS[k + i])
      folded = folded + 1
    end
  end
  if redis.call('TTL', organizationKey) == -1 then redis.call('EXPIRE', organizationKey, tonumber(ARGV[a + 1])) end
  k = k + n + 1
end
return folded
`;

/** Keys one fold call moves at most: a call holds Redis while it runs. */
const FOLD_KEYS_PER_CALL = 1000;

/**
 * Admission leases (AdmissionLeases): an organization with 16 or more requests in the last 100 ms
 * on this replica takes up to a tenth of its burst (at most 256) from Redis in one check and
 * uses them for at most 100 ms. At 5,000 requests a second that is about 20 calls instead of
 * 5,000. A burst under 20 never leases (sandbox, starter); api-business (40) leases 4 at a time,
 * an enterprise burst of 200 leases 20.
 */
const LEASES = { leaseMs: 100, minDemand: 16, maxLease: 256 };

interface FailureReservation {
  counters: WindowCounter[];
  windowMs: number;
}

interface ConsumeCall {
  request: PlanLimitRequest;
  want: number;
}

type ScriptedRedis = Redis & {
  platformConsumeMany(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  platformRefund(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
  platformFold(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
  platformReserveFailures(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  platformReleaseFailures(numberOfKeys: number, ...keys: string[]): Promise<number>;
};

/**
 * Redis-backed counters: limits hold across replicas. Limit checks, and the reservations and
 * releases of failure counters, are batched (Batcher): those of many concurrent requests make one
 * EVALSHA each. An organization busy on this replica takes its admissions in leases (LEASES), so
 * most of its requests are admitted without a Redis call.
 */
export class RedisRateLimitStore extends RateLimitStore {
  /** Redis down: a line when it fails, one every 30 s while it stays down, one when it answers again (not one per batch). */
  private readonly failures = new FailureLog(new Logger('RateLimitStore'));
  private readonly redis: ScriptedRedis;
  private readonly memberSuffix = randomBytes(6).toString('hex');
  private sequence = 0;
  private readonly consumer = new Batcher((calls: ConsumeCall[]) => this.consumeMany(calls).catch(this.unavailable('rate limit check')), BATCHING);
  private readonly leases = new AdmissionLeases(LEASES);
  /** Keys with a lease asked for and not answered yet: their other requests wait for it. */
  private readonly leasing = new Map<string, Promise<unknown>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly reservations = new Batcher(
    (calls: FailureReservation[]) => this.reserveMany(calls).catch(this.unavailable('failure limit check')),
    BATCHING,
  );
  private readonly releases = new Batcher((keyLists: string[][]) => this.releaseMany(keyLists), BATCHING);

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    redis.defineCommand('platformConsumeMany', { lua: CONSUME_MANY_SCRIPT });
    redis.defineCommand('platformReserveFailures', { lua: RESERVE_FAILURES_SCRIPT });
    redis.defineCommand('platformReleaseFailures', { lua: RELEASE_FAILURES_SCRIPT });
    redis.defineCommand('platformRefund', { lua: REFUND_SCRIPT });
    redis.defineCommand('platformFold', { lua: FOLD_SCRIPT });
    this.redis = redis as ScriptedRedis;
    this.sweeper = setInterval(() => void this.refund(this.leases.sweep(performance.now())), LEASES.leaseMs);
    this.sweeper.unref();
  }

  consume(request: PlanLimitRequest): Promise<PlanLimitResult> {
    // a lease is of one quota period: one taken just before a period ends is not used after
    const key = `${request.burstOf}:${request.product}:${request.period}`;
    const now = performance.now();
    const want = this.leases.demand(key, request.burst, now);
    const leased = this.leases.take(key, request, now);
    // answered with the turn's other requests, as a Redis answer would be (see atTurnEnd)
    if (leased) return atTurnEnd(leased);
    if (want <= 1) return this.single(request);
    const pending = this.leasing.get(key);
    // another request of this key is asking for a lease: take from it, or go alone if it is used up or denied
    if (pending) return pending.then(() => this.leases.take(key, request, performance.now()) ?? this.single(request));
    const asked = this.lease(key, request, want, now);
    this.leasing.set(key, asked);
    return asked.finally(() => this.leasing.delete(key));
  }

  private single(request: PlanLimitRequest): Promise<PlanLimitResult> {
    return this.consumer.run({ request, want: 1 });
  }

  private async lease(key: string, request: PlanLimitRequest, want: number, sentAt: number): Promise<PlanLimitResult> {
    const result = (await this.consumer.run({ request, want })) as GrantedResult;
    const quotaKey = request.quota === null ? null : this.quotaKey(request.organizationId, request.period);
    return this.leases.grant(key, request, quotaKey, result, sentAt, performance.now());
  }

  /** Gives back what ended leases did not use. A failure leaves the quota counted a little high, never low. */
  private async refund(refunds: LeaseRefund[]): Promise<void> {
    if (!refunds.length) return;
    const byField = new Map<string, LeaseRefund>();
    for (const refund of refunds) {
      const id = `${refund.quotaKey}\n${refund.product}`;
      const seen = byField.get(id);
      if (seen) seen.count += refund.count;
      else byField.set(id, { ...refund });
    }
    const merged = [...byField.values()];
    try {
      await this.redis.platformRefund(merged.length, ...merged.map((r) => r.quotaKey), ...merged.flatMap((r) => [r.product, r.count]));
      this.failures.succeeded('lease refund');
    } catch (error) {
      this.failures.failed('lease refund', `unused leased admissions not given back: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  countWithinLimits(counters: WindowCounter[], windowMs: number): Promise<number> {
    return this.reservations.run({ counters, windowMs });
  }

  releaseCounts(keys: string[]): Promise<void> {
    return this.releases.run(keys);
  }

  private async consumeMany(calls: ConsumeCall[]): Promise<GrantedResult[]> {
    const keys: string[] = [];
    const args: (string | number)[] = [BURST_SPAN_MS, LEASES.leaseMs];
    const now = Date.now();
    for (const { request, want } of calls) {
      keys.push(this.burstKey(request), this.quotaKey(request.organizationId, request.period));
      this.sequence = (this.sequence + 1) % 1e9;
      const ttlSeconds = quotaTtlSeconds(request.periodEndMs, now);
      args.push(request.burst, request.quota ?? -1, request.product, `${this.memberSuffix}:${this.sequence}`, ttlSeconds, want);
    }
    const values = await this.redis.platformConsumeMany(keys.length, ...keys, ...args);
    this.failures.succeeded('rate limit check');
    return calls.map((_, i) => {
      const at = i * 6;
      const reason = Number(values[at + 1]);
      return {
        allowed: Number(values[at]) === 1,
        reason: reason === 1 ? 'burst' : reason === 2 ? 'quota' : undefined,
        burstRemaining: Number(values[at + 2]),
        quotaUsed: Number(values[at + 3]),
        burstResetMs: Math.max(0, Number(values[at + 4])),
        granted: Number(values[at + 5]),
      };
    });
  }

  private async reserveMany(calls: FailureReservation[]): Promise<number[]> {
    const keys: string[] = [];
    const args: number[] = [];
    for (const { counters, windowMs } of calls) {
      keys.push(...counters.map((counter) => `${this.prefix}${counter.key}`));
      args.push(windowMs, counters.length, ...counters.map((counter) => counter.limit));
    }
    const counted = await this.redis.platformReserveFailures(keys.length, ...keys, ...args);
    this.failures.succeeded('failure limit check');
    return counted.map(Number);
  }

  private async releaseMany(keyLists: string[][]): Promise<void[]> {
    const keys = keyLists.flat().map((key) => `${this.prefix}${key}`);
    try {
      if (keys.length) await this.redis.platformReleaseFailures(keys.length, ...keys);
      this.failures.succeeded('failure release');
    } catch (error) {
      this.failures.failed('failure release', `failures not taken off, they stay counted: ${(error as Error)?.message ?? String(error)}`);
    }
    return keyLists.map(() => undefined);
  }

  /** Counters that cannot be read admit nothing: the caller is told to retry. */
  private unavailable(what: string) {
    return (error: unknown): never => {
      this.failures.failed(what, `${what} failed: ${(error as Error)?.message ?? String(error)}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { dependency: 'rate limits' } });
    };
  }

  /** In one round trip, whatever the number of subjects. */
  async usage(subjectIds: string[], period: number): Promise<UsageByProduct> {
    const pipeline = this.redis.pipeline();
    for (const id of subjectIds) pipeline.hgetall(this.quotaKey(id, period));
    const answers = (await pipeline.exec().catch(this.unavailable('usage read'))) ?? [];
    const sum: UsageByProduct = {};
    for (const [error, counters] of answers) {
      if (error) this.unavailable('usage read')(error);
      for (const [item, count] of Object.entries(counters as Record<string, string>)) sum[item] = (sum[item] ?? 0) + Number(count);
    }
    return sum;
  }

  async countUsage(subjectId: string, period: number, periodEndMs: number, item: string, amount = 1): Promise<void> {
    const key = this.quotaKey(subjectId, period);
    await this.redis.multi().hincrby(key, item, amount).expire(key, quotaTtlSeconds(periodEndMs, Date.now())).exec().catch(this.unavailable('usage count'));
    this.failures.succeeded('usage count');
  }

  async foldIntoOrganizations(folds: QuotaFold[]): Promise<number> {
    let folded = 0;
    const now = Date.now();
    for (let start = 0; start < folds.length;) {
      const keys: string[] = [];
      const args: number[] = [];
      for (; start < folds.length && (keys.length === 0 || keys.length + folds[start].credentialIds.length < FOLD_KEYS_PER_CALL); start++) {
        const { organizationId, credentialIds, period, periodEndMs } = folds[start];
        keys.push(this.quotaKey(organizationId, period), ...credentialIds.map((id) => this.quotaKey(id, period)));
        args.push(credentialIds.length, quotaTtlSeconds(periodEndMs, now));
      }
      folded += await this.redis.platformFold(keys.length, ...keys, ...args);
    }
    return folded;
  }

  /** At shutdown: every lease ends, and what they did not use goes back. */
  async flush(): Promise<void> {
    clearInterval(this.sweeper);
    await this.refund(this.leases.sweep(performance.now(), true));
  }

  private burstKey(request: PlanLimitRequest): string {
    return `${this.prefix}rl:burst:${request.burstOf}:${request.product}`;
  }

  /** A subject's usage of a period: an organization's (its API requests by product among them), or a credential's. */
  private quotaKey(subjectId: string, period: number): string {
    return `${this.prefix}rl:quota:${subjectId}:${period}`;
  }
}
