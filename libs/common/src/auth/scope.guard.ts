import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PlatformException } from '../errors/platform.exception';
import { AUTH_DECLARATION_KEY, AuthDeclaration, IS_PUBLIC_KEY } from './auth.decorators';
import { PlatformRequest, requestState } from './request-state';

/** A route's declared scopes must all be held by the credential; an undeclared route is denied. */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    const declaration = this.reflector.getAllAndOverride<AuthDeclaration | undefined>(AUTH_DECLARATION_KEY, targets);
    if (!declaration) throw new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: 'an explicit route permission' } });
    const principal = requestState(context.switchToHttp().getRequest<PlatformRequest>()).principal!;
    const missing = declaration.scopes.find((scope) => !principal.scopes.has(scope));
    if (missing) throw new PlatformException('INSUFFICIENT_SCOPE', { params: { scope: missing }, details: { requiredScope: missing } });
    return true;
  }
}
