import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { BURST_WINDOW_MS, PlanLimitRequest, PlanLimitResult, RateLimitStore, UsageByProduct } from './rate-limit.store';

/**
 * KEYS[1] burst sorted set (admission times), KEYS[2] quota hash (product -> count).
 * ARGV: window ms, burst, quota, product, unique member suffix, quota key ttl seconds.
 * Uses the server's clock so replicas agree. Returns {allowed, reason(0 ok,1 burst,2 quota),
 * burstRemaining, quotaUsed, burstResetMs}.
 */
const CONSUME_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local quota = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = tonumber(redis.call('HGET', KEYS[2], ARGV[4]) or '0')
local count = redis.call('ZCARD', KEYS[1])
if used >= quota then return {0, 2, math.max(0, burst - count), used, 0} end
if count >= burst then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, 1, 0, used, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
used = redis.call('HINCRBY', KEYS[2], ARGV[4], 1)
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[6]))
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {1, 0, burst - count - 1, used, tonumber(oldest[2]) + window - now}
`;

/** KEYS[1] counter; ARGV ttl ms. Returns {count, pttl}. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

type ScriptedRedis = Redis & {
  platformConsume(burstKey: string, quotaKey: string, ...args: (string | number)[]): Promise<[number, number, number, number, number]>;
  platformIncrement(key: string, ttl: number): Promise<[number, number]>;
};

/** Redis-backed counters: limits hold across replicas; one EVALSHA per request. */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly redis: ScriptedRedis;
  private readonly memberSuffix = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(redis: Redis, private readonly prefix: string) {
    super();
    redis.defineCommand('platformConsume', { numberOfKeys: 2, lua: CONSUME_SCRIPT });
    redis.defineCommand('platformIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async consume(request: PlanLimitRequest): Promise<PlanLimitResult> {
    const ttlSeconds = Math.max(60, Math.ceil((request.periodEndMs - Date.now()) / 1000) + 86_400);
    const [allowed, reason, burstRemaining, quotaUsed, burstResetMs] = await this.redis.platformConsume(
      `${this.prefix}rl:burst:${request.credentialId}:${request.product}`,
      this.quotaKey(request.credentialId, request.period),
      BURST_WINDOW_MS,
      request.burst,
      request.quota,
      request.product,
      `${this.memberSuffix}:${(this.sequence = (this.sequence + 1) % 1e9)}`,
      ttlSeconds,
    );
    return {
      allowed: allowed === 1,
      reason: reason === 1 ? 'burst' : reason === 2 ? 'quota' : undefined,
      burstRemaining: Number(burstRemaining),
      burstResetMs: Math.max(0, Number(burstResetMs)),
      quotaUsed: Number(quotaUsed),
    };
  }

  async usage(credentialId: string, period: number): Promise<UsageByProduct> {
    const raw = await this.redis.hgetall(this.quotaKey(credentialId, period));
    return Object.fromEntries(Object.entries(raw).map(([product, count]) => [product, Number(count)]));
  }

  async webhookRetries(credentialId: string, period: number): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}usage:webhook-retries:${credentialId}:${period}`)) ?? 0);
  }

  async peek(keys: string[]): Promise<number[]> {
    const values = await this.redis.mget(...keys.map((key) => `${this.prefix}${key}`));
    return values.map((value) => Number(value ?? 0));
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
