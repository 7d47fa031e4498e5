import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PlatformException } from '../errors/platform.exception';
import { routeAccess } from './route-access';
import { httpRequest, requestState } from './request-state';

/** A route's declared scopes must all be held by the credential; an undeclared route is denied. */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, declaration } = routeAccess(this.reflector, context);
    if (isPublic) return true;
    if (!declaration) throw new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: 'an explicit route permission' } });
    const principal = requestState(httpRequest(context)).principal!;
    const missing = declaration.scopes.find((scope) => !principal.scopes.has(scope));
    if (missing) throw new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: missing }, details: { requiredScope: missing } });
    return true;
  }
}
