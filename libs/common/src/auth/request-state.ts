import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PlatformException } from '../errors/platform.exception';
import type { PlatformRequestState, Principal, TenantContext } from './principal';

export type PlatformRequest = FastifyRequest & { platform?: PlatformRequestState };

export function requestState(request: PlatformRequest): PlatformRequestState {
  return (request.platform ??= {});
}

export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The authenticated caller; only on non-public routes. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = requestState(context.switchToHttp().getRequest<PlatformRequest>()).principal;
  if (!principal) throw new PlatformException('AUTH_TOKEN_MISSING');
  return principal;
});

/** The company this call acts for; every tenant-owned query is scoped by its companyId. */
export const Tenant = createParamDecorator((_: unknown, context: ExecutionContext): TenantContext => {
  const tenant = requestState(context.switchToHttp().getRequest<PlatformRequest>()).tenant;
  if (!tenant) throw new PlatformException('AUTH_TOKEN_MISSING');
  return tenant;
});
