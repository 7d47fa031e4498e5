import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, ThrottlerModuleOptions, type ThrottlerRequest, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { routeAccess } from '../auth/route-access';
import { httpReply, httpRequest, requestState } from '../auth/request-state';
import { PlatformException } from '../errors/platform.exception';
import { quotaPeriodBounds } from '../plans';
import { SERVICE_DESCRIPTOR, ServiceDescriptor } from '../service';
import { BURST_WINDOW_MS, RateLimitStore } from './rate-limit.store';

/**
 * @nestjs/throttler's guard, keyed by (credential, product) with the limits of the caller's
 * plan from the token: a sliding one-second burst and a 30-day quota, checked together in one
 * store operation. Sets RateLimit-* headers on every response and 429s with Retry-After.
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
    if (routeAccess(this.reflector, context).isPublic) return true;
    // people through the gateway are not metered by the plan of a machine credential
    if (requestState(httpRequest(context)).session) return true;
    return this.handleRequest({ context } as ThrottlerRequest);
  }

  protected override async handleRequest({ context }: ThrottlerRequest): Promise<boolean> {
    const request = httpRequest(context);
    const reply = httpReply<FastifyReply>(context);
    const principal = requestState(request).principal!;
    const period = quotaPeriodBounds(principal.periodAnchor);
    const result = await this.store.consume({
      credentialId: principal.credentialId,
      product: this.service.product,
      burst: principal.burstPerSecond,
      quota: principal.monthlyQuota,
      period: period.index,
      periodEndMs: period.endMs,
    });

    const quotaRemaining = Math.max(0, principal.monthlyQuota - result.quotaUsed);
    const quotaResetSeconds = Math.max(1, Math.ceil((period.endMs - Date.now()) / 1000));
    const burstResetSeconds = Math.max(1, Math.ceil((result.burstResetMs || BURST_WINDOW_MS) / 1000));
    const quotaBinds = result.reason === 'quota' || (result.allowed && quotaRemaining < result.burstRemaining);
    const headers: Record<string, string> = {
      'ratelimit-policy': `${principal.burstPerSecond};w=1, ${principal.monthlyQuota};w=2592000`,
      'ratelimit-limit': String(quotaBinds ? principal.monthlyQuota : principal.burstPerSecond),
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
    void reply.headers(headers);
    return true;
  }
}
