import { Injectable, Logger } from '@nestjs/common';
import { AuthContract, SERVICES } from '@platform/contracts';
import { RequestLog, WEBHOOK_RETRIES } from '@platform/pipeline';
import { JobQueue, PageRequest, Transactions } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { PeriodUsage } from './period-usage.service';
import { RequestFilter, RequestLogRepository } from './request-log.repository';

export type { RequestFilter };

export const PRUNE_REQUEST_LOG = 'auth:prune-request-log';
/** Every organization keeps at least its last this many requests, whatever their age. */
export const KEPT_PER_ORGANIZATION = 1000;
/** Errors are kept this long besides. */
export const ERRORS_KEPT_DAYS = 7;
/** Rows one statement of a pruning deletes, and how long one pruning goes on (it runs every minute). */
const PRUNE_CHUNK = 5000;
const PRUNE_BUDGET_MS = 20_000;
/** The longest period a usage query covers. */
export const MAX_USAGE_DAYS = 366;

const PRODUCTS = Object.values(SERVICES).map((service) => service.product);

export function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A call's counts, one per row they add to (an upsert may not touch a row twice in one statement),
 * in one order for every writer: two calls adding to the same days cannot deadlock.
 */
function inWriteOrder(counts: AuthContract.UsageCount[]): AuthContract.UsageCount[] {
  const rows = new Map<string, AuthContract.UsageCount>();
  for (const count of counts) {
    const key = `${count.organizationId}|${count.day}|${count.credentialId}|${count.product}`;
    const row = rows.get(key);
    if (row) row.requests += count.requests;
    else rows.set(key, { ...count });
  }
  return [...rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}

/**
 * The request log the services send (RequestLog in libs/common): recent requests per organization
 * and credential, and requests by day and product for usage over any past period. A batch is
 * written in one transaction: its rows, and its counts added to the days they fall on (a 429 is
 * not counted, as the quota does not count it).
 */
@Injectable()
export class RequestLogService {
  private readonly logger = new Logger('RequestLog');

  constructor(
    private readonly repository: RequestLogRepository,
    private readonly transactions: Transactions,
    private readonly periodUsage: PeriodUsage,
    queue: JobQueue,
    requestLog: RequestLog,
  ) {
    // auth's own requests go to its store directly
    requestLog.recordWith((call) => this.record(call));
    queue.handle(PRUNE_REQUEST_LOG, () => this.prune().then(() => undefined), { schedule: '* * * * *', maxAttempts: 1, concurrency: 1 });
  }

  async record({ items, usage: counts }: AuthContract.RequestRecords): Promise<number> {
    const usage = inWriteOrder(counts);
    await this.transactions.run(async (manager) => {
      if (items.length) await this.repository.insertRequestsAcrossCompanies(items, manager);
      if (usage.length) await this.repository.addDailyUsageAcrossCompanies(usage, manager);
    });
    return items.length;
  }

  /** Recent requests of an organization, newest first, with the key's name. */
  async recent(organizationId: string, filter: RequestFilter, page: PageRequest) {
    const entries = await this.repository.listRequestsPage(organizationId, filter, page);
    const ids = [...new Set(entries.items.map((row) => row.credentialId))];
    const names = ids.length ? await this.repository.credentialNames(organizationId, ids) : new Map<string, string>();
    return {
      ...entries,
      items: entries.items.map((row) => ({
        id: String(row.id),
        credentialId: row.credentialId,
        credentialName: names.get(row.credentialId) ?? null,
        method: row.method,
        route: row.route,
        status: row.status,
        durationMs: row.durationMs,
        requestId: row.requestId,
        occurredAt: row.occurredAt,
      })),
    };
  }

  /**
   * Requests by day and product over [from, to] (UTC days, every day listed), the quota of the
   * current period and what is left of it (the organization's keys share it), and the webhook
   * retries.
   */
  async usage(organization: Organization, from: string, to: string) {
    const rows = await this.repository.dailyUsage(organization.id, from, to);
    const byDay = new Map<string, Record<string, number>>();
    for (const row of rows) (byDay.get(row.day) ?? byDay.set(row.day, {}).get(row.day)!)[row.product] = row.requests;
    const days = [];
    for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
      const counted = byDay.get(day(at)) ?? {};
      const byProduct = Object.fromEntries(PRODUCTS.map((product) => [product, counted[product] ?? 0]));
      days.push({ date: day(at), byProduct, total: Object.values(byProduct).reduce((sum, count) => sum + count, 0) });
    }

    const { period, limits, counted } = await this.periodUsage.of(organization);
    const byProduct = Object.fromEntries(
      PRODUCTS.map((product) => [product, { used: counted[product] ?? 0, remaining: Math.max(0, limits.monthlyQuota - (counted[product] ?? 0)) }]),
    );
    const retries = counted[WEBHOOK_RETRIES] ?? 0;
    return {
      from,
      to,
      days,
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      quota: { monthlyQuotaPerProduct: limits.monthlyQuota, byProduct },
      webhookRetries: {
        included: limits.webhookRetries,
        used: retries,
        overage: limits.webhookRetries === null ? 0 : Math.max(0, retries - limits.webhookRetries),
      },
    };
  }

  /**
   * Deletes what no organization keeps: beyond its last KEPT_PER_ORGANIZATION, successes at once
   * and errors after ERRORS_KEPT_DAYS. Only organizations that made requests in the last 8 days
   * have anything new to prune (the daily usage says which). For each, its 1,000th request is
   * found by one step down the index on (organization, time), and what is older goes in chunks of
   * PRUNE_CHUNK rows, each a short statement on that index, for at most PRUNE_BUDGET_MS a run: a
   * backlog goes over several runs, and one run never holds a long transaction.
   */
  async prune(): Promise<number> {
    const deadline = Date.now() + PRUNE_BUDGET_MS;
    const active = await this.repository.listActiveOrganizationsAcrossCompanies();
    let deleted = 0;
    for (const organizationId of active) {
      const cut = await this.repository.findKeptCut(organizationId, KEPT_PER_ORGANIZATION);
      if (!cut) continue;
      for (;;) {
        const count = await this.repository.deleteOlderRequests(organizationId, cut, ERRORS_KEPT_DAYS, PRUNE_CHUNK);
        deleted += count;
        if (count < PRUNE_CHUNK || Date.now() > deadline) break;
      }
      if (Date.now() > deadline) break;
    }
    if (deleted) this.logger.log(`request log: ${deleted} old request(s) deleted`);
    return deleted;
  }
}
