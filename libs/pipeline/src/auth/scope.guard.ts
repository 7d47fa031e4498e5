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
    // people-only routes check the person's role in the organization they name
    if (declaration.sessions === 'only') return true;
    const state = requestState(httpRequest(context));
    const principal = state.principal!;
    const missing = declaration.scopes.find((scope) => !principal.scopes.has(scope));
    if (missing && state.session?.role) {
      // a person's scopes are their role's: a developer writes what a viewer only reads
      throw new PlatformException('INSUFFICIENT_SCOPE', {
        reason: 'role',
        params: { scope: missing, role: 'developer' },
        details: { requiredScope: missing, role: state.session.role },
      });
    }
    if (missing) throw new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: missing }, details: { requiredScope: missing } });
    return true;
  }
}
