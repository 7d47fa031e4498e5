import { Logger } from '@nestjs/common';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { PlatformException } from '../errors/platform.exception';
import { Batcher } from '../runtime/batcher';
import { BURST_WINDOW_MS, PlanLimitRequest, PlanLimitResult, RateLimitStore, UsageByProduct } from './rate-limit.store';

/**
 * Admits a batch of requests in one call. Per request i: KEYS[2i-1] its burst sorted set
 * (admission times), KEYS[2i] its quota hash (product -> count); ARGV[1] the window in ms, then
 * five ARGV per request: burst, quota, product, unique member suffix, quota key ttl seconds.
 * Uses the server's clock so replicas agree; requests are admitted in order, so two of the same
 * credential in one batch see each other. Returns five numbers per request: allowed, reason
 * (0 ok, 1 burst, 2 quota), burstRemaining, quotaUsed, burstResetMs.
 *
 * A busy credential has many requests in one batch: each burst set is trimmed, counted and read
 * once, its admissions added in one ZADD, and each quota field incremented once by the batch's
 * count, so Redis works once per credential rather than once per request.
 */
const CONSUME_MANY_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local bursts, burstOrder, quotas, quotaOrder = {}, {}, {}, {}
local out = {}
for i = 1, #KEYS / 2 do
  local burstKey, quotaKey = KEYS[2 * i - 1], KEYS[2 * i]
  local a = 2 + (i - 1) * 5
  local burst, quota, product = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), ARGV[a + 2]
  local b = bursts[burstKey]
  if not b then
    redis.call('ZREMRANGEBYSCORE', burstKey, '-inf', now - window)
    local oldest = redis.call('ZRANGE', burstKey, 0, 0, 'WITHSCORES')
    b = { count = redis.call('ZCARD', burstKey), oldest = tonumber(oldest[2]), adds = {} }
    bursts[burstKey] = b
    burstOrder[#burstOrder + 1] = burstKey
  end
  local qid = quotaKey .. '|' .. product
  local q = quotas[qid]
  if not q then
    q = { key = quotaKey, product = product, used = tonumber(redis.call('HGET', quotaKey, product) or '0'), added = 0, ttl = ARGV[a + 4] }
    quotas[qid] = q
    quotaOrder[#quotaOrder + 1] = qid
  end
  local o = #out
  if q.used >= quota then
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5] = 0, 2, math.max(0, burst - b.count), q.used, 0
  elseif b.count >= burst then
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5] = 0, 1, 0, q.used, (b.oldest or now) + window - now
  else
    b.count = b.count + 1
    b.oldest = b.oldest or now
    b.adds[#b.adds + 1] = now
    b.adds[#b.adds + 1] = now .. ':' .. ARGV[a + 3]
    q.used = q.used + 1
    q.added = q.added + 1
    out[o + 1], out[o + 2], out[o + 3], out[o + 4], out[o + 5] = 1, 0, burst - b.count, q.used, b.oldest + window - now
  end
end
for _, burstKey in ipairs(burstOrder) do
  local adds = bursts[burstKey].adds
  if #adds > 0 then
    redis.call('ZADD', burstKey, unpack(adds))
    redis.call('PEXPIRE', burstKey, window)
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

/**
 * A batch is one Lua call, which holds Redis while it runs: a bound keeps that short. One call
 * is out at a time: the checks that arrive meanwhile go together in the next. Each call costs a
 * socket write and a wake-up on both sides, which on a busy service cost more than the wait
 * behind the call out (measured with two out at once: 8% fewer PATCHes and 7% fewer GETs a
 * second, Redis spending 11–12 µs of CPU per GET instead of 8). A service with no call out sends at
 * once.
 */
const BATCHING = { maxBatch: 128, maxInFlight: 1 };

/** KEYS[1] counter; ARGV ttl ms. Returns {count, pttl}. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type ScriptedRedis = Redis & {
  platformConsumeMany(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  platformIncrement(key: string, ttl: number): Promise<[number, number]>;
};

/**
 * Redis-backed counters: limits hold across replicas. Limit checks, and reads of failure
 * counters, are batched (Batcher): the checks of many concurrent requests make one EVALSHA, their
 * reads one MGET.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly logger = new Logger('RateLimitStore');
  private readonly redis: ScriptedRedis;
  private readonly memberSuffix = randomBytes(6).toString('hex');
  private sequence = 0;
  private readonly consumer = new Batcher((requests: PlanLimitRequest[]) => this.consumeMany(requests).catch(this.unavailable('rate limit check')), BATCHING);
  private readonly reader = new Batcher((keyLists: string[][]) => this.peekMany(keyLists).catch(this.unavailable('counter read')), BATCHING);

  constructor(redis: Redis, private readonly prefix: string) {
    super();
    redis.defineCommand('platformConsumeMany', { lua: CONSUME_MANY_SCRIPT });
    redis.defineCommand('platformIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  consume(request: PlanLimitRequest): Promise<PlanLimitResult> {
    return this.consumer.run(request);
  }

  peek(keys: string[]): Promise<number[]> {
    return this.reader.run(keys);
  }

  private async consumeMany(requests: PlanLimitRequest[]): Promise<PlanLimitResult[]> {
    const keys: string[] = [];
    const args: (string | number)[] = [BURST_WINDOW_MS];
    const now = Date.now();
    for (const request of requests) {
      keys.push(`${this.prefix}rl:burst:${request.credentialId}:${request.product}`, this.quotaKey(request.credentialId, request.period));
      this.sequence = (this.sequence + 1) % 1e9;
      const ttlSeconds = Math.max(60, Math.ceil((request.periodEndMs - now) / 1000) + 86_400);
      args.push(request.burst, request.quota, request.product, `${this.memberSuffix}:${this.sequence}`, ttlSeconds);
    }
    const values = await this.redis.platformConsumeMany(keys.length, ...keys, ...args);
    return requests.map((_, i) => {
      const at = i * 5;
      const reason = Number(values[at + 1]);
      return {
        allowed: Number(values[at]) === 1,
        reason: reason === 1 ? 'burst' : reason === 2 ? 'quota' : undefined,
        burstRemaining: Number(values[at + 2]),
        quotaUsed: Number(values[at + 3]),
        burstResetMs: Math.max(0, Number(values[at + 4])),
      };
    });
  }

  private async peekMany(keyLists: string[][]): Promise<number[][]> {
    const values = await this.redis.mget(...keyLists.flat().map((key) => `${this.prefix}${key}`));
    let at = 0;
    return keyLists.map((keys) => keys.map(() => Number(values[at++] ?? 0)));
  }

  /** Counters that cannot be read admit nothing: the caller is told to retry. */
  private unavailable(what: string) {
    return (error: unknown): never => {
      this.logger.warn(`${what} failed: ${(error as Error)?.message ?? String(error)}`);
      throw new PlatformException('UPSTREAM_UNAVAILABLE', { details: { dependency: 'rate limits' } });
    };
  }

  async usage(credentialId: string, period: number): Promise<UsageByProduct> {
    const raw = await this.redis.hgetall(this.quotaKey(credentialId, period));
    return Object.fromEntries(Object.entries(raw).map(([product, count]) => [product, Number(count)]));
  }

  async webhookRetries(credentialId: string, period: number): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}usage:webhook-retries:${credentialId}:${period}`)) ?? 0);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const [count, pttl] = await this.redis.platformIncrement(`${this.prefix}${key}`, ttl);
    const timeToExpire = Math.ceil(pttl / 1000);
    const isBlocked = count > limit;
    return { totalHits: count, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? Math.max(timeToExpire, Math.ceil(blockDuration / 1000)) : 0 };
  }

  async flush(): Promise<void> {
    // Redis holds the state.
  }

  private quotaKey(credentialId: string, period: number): string {
    return `${this.prefix}rl:quota:${credentialId}:${period}`;
  }
}
