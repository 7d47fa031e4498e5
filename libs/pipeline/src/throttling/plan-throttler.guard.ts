import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  type ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { routeAccess } from '../auth/route-access';
import { httpReply, httpRequest, requestState } from '../auth/request-state';
import type { SessionPrincipal } from '../auth/session-token';
import { PlatformException } from '../errors/platform.exception';
import { quotaPeriodBounds } from '../plans';
import { SERVICE_DESCRIPTOR, ServiceDescriptor } from '@platform/contracts/service';
import { BURST_WINDOW_MS, peopleBurstOf, PlanLimitRequest, RateLimitStore } from './rate-limit.store';

/**
 * @nestjs/throttler's guard, keyed by (organization, product) with the limits of the
 * organization's plan: a sliding one-second burst and a 30-day quota, checked together in one
 * store operation. All the keys of an organization share its burst and its quota, as an account's
 * do at any mature API: forty keys are not forty quotas. Its people (the dashboard, through the
 * gateway) have a burst of their own at the plan's rate, from the limits their session token
 * carries (no store but the counters' is asked); on the routes keys serve too (webhooks) they use
 * the organization's quota, and on its own pages in auth (members, keys, usage) the burst alone,
 * so that a spent quota never shuts an owner out of reading usage or managing keys. Routes of a
 * person's own account (no organization) keep their own limits (sign-in failures per address and
 * account). Sets RateLimit-* headers on every metered response and 429s with Retry-After.
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    // the base class takes a storage that never counts here: handleRequest, overridden below, counts in the RateLimitStore
    @InjectThrottlerStorage() throttlerStorage: ThrottlerStorage,
    @Inject(RateLimitStore) private readonly store: RateLimitStore,
    reflector: Reflector,
    @Inject(SERVICE_DESCRIPTOR) private readonly service: ServiceDescriptor,
  ) {
    super(options, throttlerStorage, reflector);
  }

  /** Public routes are not metered; every other route is, by the one plan limit (no per-throttler metadata to read). */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = routeAccess(this.reflector, context);
    if (access.isPublic) return true;
    const session = requestState(httpRequest(context)).session;
    if (!session) return this.handleRequest({ context } as ThrottlerRequest);
    if (access.declaration?.sessions === 'also') return this.meterPerson(context, session, true);
    return access.declaration?.organization ? this.meterPerson(context, session, false) : true;
  }

  protected override async handleRequest({ context }: ThrottlerRequest): Promise<boolean> {
    const principal = requestState(httpRequest(context)).principal!;
    return this.meter(context, principal.organizationId, principal.organizationId, principal.burstPerSecond, principal.monthlyQuota, principal.periodAnchor);
  }

  /**
   * A person acting in an organization they are a member of, by its plan: in its quota on routes
   * keys serve too. A session token minted before its claims carried the plan's limits (by an
   * auth of the release before, for at most a minute) is not metered.
   */
  private meterPerson(context: ExecutionContext, session: SessionPrincipal, keysServeIt: boolean): Promise<boolean> | true {
    if (!session.organizationId || !session.role || !session.rateLimits || session.periodAnchor === null) return true;
    const { burstPerSecond, monthlyQuota } = session.rateLimits;
    return this.meter(
      context,
      peopleBurstOf(session.organizationId),
      session.organizationId,
      burstPerSecond,
      keysServeIt ? monthlyQuota : null,
      session.periodAnchor,
    );
  }

  private async meter(
    context: ExecutionContext,
    burstOf: string,
    organizationId: string,
    burst: number,
    quota: number | null,
    periodAnchor: number,
  ): Promise<boolean> {
    const period = quotaPeriodBounds(periodAnchor);
    const request: PlanLimitRequest = { burstOf, organizationId, product: this.service.product, burst, quota, period: period.index, periodEndMs: period.endMs };
    const result = await this.store.consume(request);

    const quotaRemaining = quota === null ? Infinity : Math.max(0, quota - result.quotaUsed);
    const quotaResetSeconds = Math.max(1, Math.ceil((period.endMs - Date.now()) / 1000));
    const burstResetSeconds = Math.max(1, Math.ceil((result.burstResetMs || BURST_WINDOW_MS) / 1000));
    const quotaBinds = result.reason === 'quota' || (result.allowed && quotaRemaining < result.burstRemaining);
    const headers: Record<string, string> = {
      'ratelimit-policy': quota === null ? `${burst};w=1` : `${burst};w=1, ${quota};w=2592000`,
      'ratelimit-limit': String(quotaBinds ? quota : burst),
      'ratelimit-remaining': String(quotaBinds ? quotaRemaining : result.burstRemaining),
      'ratelimit-reset': String(quotaBinds ? quotaResetSeconds : burstResetSeconds),
    };

    if (!result.allowed) {
      const retryAfter = result.reason === 'quota' ? quotaResetSeconds : burstResetSeconds;
      headers['retry-after'] = String(retryAfter);
      throw new PlatformException(result.reason === 'quota' ? 'QUOTA_EXCEEDED' : 'RATE_LIMIT_EXCEEDED', {
        params: { retryAfter },
        details: { retryAfterSeconds: retryAfter },
        headers,
      });
    }
    void httpReply<FastifyReply>(context).headers(headers);
    return true;
  }
}
