import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from '../config/private-files';
import { atTurnEnd } from '../runtime/turn-end';
import { BURST_SPAN_MS, PlanLimitRequest, PlanLimitResult, QuotaFold, RateLimitStore, UsageByProduct, WindowCounter } from './rate-limit.store';

interface BurstRing {
  /** admission times (ms) in a ring; `head` is the oldest once the ring is full */
  times: Float64Array;
  head: number;
  size: number;
  /** the admissions of the last BURST_SPAN_MS: `inWindow` of them, the oldest at `tail` */
  tail: number;
  inWindow: number;
}

interface Window {
  count: number;
  expiresAt: number;
}

interface PersistedState {
  quotas: Record<string, UsageByProduct>;
}

const SWEEP_INTERVAL_MS = 5000;

/**
 * The in-process store for one machine: a ring of the last `burst` admission times per burst
 * (no timer per hit), usage counters by subject and period (`<organization or credential>:<period>`)
 * persisted to a file under DATA_DIR so a restart keeps usage. One instance per process, shared by
 * every app the process runs.
 */
export class MemoryRateLimitStore extends RateLimitStore {
  private static readonly instances = new Map<string, MemoryRateLimitStore>();

  static shared(statePath: string): MemoryRateLimitStore {
    let store = MemoryRateLimitStore.instances.get(statePath);
    if (!store) {
      store = new MemoryRateLimitStore(statePath);
      MemoryRateLimitStore.instances.set(statePath, store);
    }
    return store;
  }

  private readonly bursts = new Map<string, BurstRing>();
  private readonly windows = new Map<string, Window>();
  private quotas = new Map<string, UsageByProduct>();
  private dirty = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly statePath: string | null) {
    super();
    this.load();
    this.timer = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** Answered at the end of the event-loop turn with the turn's other requests, as the Redis store answers from a lease (`atTurnEnd`). */
  consume(request: PlanLimitRequest): Promise<PlanLimitResult> {
    return atTurnEnd(this.consumeSync(request, Date.now()));
  }

  consumeSync(request: PlanLimitRequest, now: number): PlanLimitResult {
    const quotaKey = `${request.organizationId}:${request.period}`;
    const usage = request.quota === null ? undefined : this.quotas.get(quotaKey);
    const used = usage?.[request.product] ?? 0;
    const ring = this.ringFor(`${request.burstOf}:${request.product}`, request.burst);
    this.leaveWindow(ring, request.burst, now);
    const full = ring.size >= request.burst;
    const oldest = full ? ring.times[ring.head] : 0;

    if (request.quota !== null && used >= request.quota) {
      return { allowed: false, reason: 'quota', burstRemaining: request.burst - ring.size, burstResetMs: 0, quotaUsed: used };
    }
    if (full && oldest > now - BURST_SPAN_MS) {
      return { allowed: false, reason: 'burst', burstRemaining: 0, burstResetMs: oldest + BURST_SPAN_MS - now, quotaUsed: used };
    }

    if (ring.inWindow === 0) ring.tail = ring.head;
    ring.times[ring.head] = now;
    ring.head = (ring.head + 1) % request.burst;
    if (ring.size < request.burst) ring.size += 1;
    const inWindow = ++ring.inWindow;
    const nextOldest = ring.size >= request.burst ? ring.times[ring.head] : ring.times[(ring.head - ring.size + request.burst) % request.burst];

    if (request.quota !== null) {
      const counters = usage ?? {};
      counters[request.product] = used + 1;
      if (!usage) this.quotas.set(quotaKey, counters);
      this.dirty = true;
    }

    return {
      allowed: true,
      burstRemaining: Math.max(0, request.burst - inWindow),
      burstResetMs: Math.max(0, nextOldest + BURST_SPAN_MS - now),
      quotaUsed: request.quota === null ? 0 : used + 1,
    };
  }

  async usage(subjectIds: string[], period: number): Promise<UsageByProduct> {
    const sum: UsageByProduct = {};
    for (const id of subjectIds) addTo(sum, this.quotas.get(`${id}:${period}`));
    return sum;
  }

  async countUsage(subjectId: string, period: number, _periodEndMs: number, item: string, amount = 1): Promise<void> {
    const key = `${subjectId}:${period}`;
    const usage = this.quotas.get(key) ?? {};
    usage[item] = (usage[item] ?? 0) + amount;
    this.quotas.set(key, usage);
    this.dirty = true;
  }

  async foldIntoOrganizations(folds: QuotaFold[]): Promise<number> {
    let folded = 0;
    for (const { organizationId, credentialIds, period } of folds) {
      for (const credentialId of credentialIds) {
        const counters = this.quotas.get(`${credentialId}:${period}`);
        if (!counters) continue;
        const key = `${organizationId}:${period}`;
        this.quotas.set(key, addTo(this.quotas.get(key) ?? {}, counters));
        this.quotas.delete(`${credentialId}:${period}`);
        folded++;
      }
    }
    if (folded) this.dirty = true;
    return folded;
  }

  async countWithinLimits(counters: WindowCounter[], windowMs: number): Promise<number> {
    const now = Date.now();
    let counted = 0;
    for (const { key, limit } of counters) {
      const live = this.windows.get(key);
      const window = live && live.expiresAt > now ? live : { count: 0, expiresAt: now + windowMs };
      if (window.count >= limit) break;
      window.count += 1;
      this.windows.set(key, window);
      counted++;
    }
    return counted;
  }

  async releaseCounts(keys: string[]): Promise<void> {
    const now = Date.now();
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.expiresAt > now && --window.count <= 0) this.windows.delete(key);
    }
  }

  async flush(): Promise<void> {
    if (!this.dirty || !this.statePath) return;
    const state: PersistedState = { quotas: Object.fromEntries(this.quotas) };
    makePrivateDirectory(dirname(this.statePath));
    const temporary = `${this.statePath}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state), { mode: PRIVATE_FILE_MODE });
    renameSync(temporary, this.statePath);
    this.dirty = false;
  }

  private ringFor(key: string, burst: number): BurstRing {
    let ring = this.bursts.get(key);
    if (!ring || ring.times.length !== burst) {
      ring = { times: new Float64Array(burst), head: 0, size: 0, tail: 0, inWindow: 0 };
      this.bursts.set(key, ring);
    }
    return ring;
  }

  /**
   * Drops from the window the admissions older than BURST_SPAN_MS, oldest first: each admission
   * leaves once, so a request costs the same whatever the burst (counting the window back from the
   * newest cost a large burst's admissions of the last second on every request).
   */
  private leaveWindow(ring: BurstRing, burst: number, now: number): void {
    while (ring.inWindow > 0 && ring.times[ring.tail] <= now - BURST_SPAN_MS) {
      ring.tail = (ring.tail + 1) % burst;
      ring.inWindow -= 1;
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, ring] of this.bursts) {
      const newest = ring.times[(ring.head - 1 + ring.times.length) % ring.times.length];
      if (newest <= now - BURST_SPAN_MS) this.bursts.delete(key);
    }
    for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
    void this.flush().catch(() => undefined);
  }

  private load(): void {
    if (!this.statePath) return;
    try {
      const state = JSON.parse(readFileSync(this.statePath, 'utf8')) as PersistedState;
      this.quotas = new Map(Object.entries(state.quotas ?? {}));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function addTo(sum: UsageByProduct, counters: UsageByProduct | undefined): UsageByProduct {
  for (const [item, count] of Object.entries(counters ?? {})) sum[item] = (sum[item] ?? 0) + count;
  return sum;
}
