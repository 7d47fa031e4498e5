import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_DECLARATION_KEY, AuthDeclaration, INTERNAL_ROUTE_KEY, IS_PUBLIC_KEY } from './auth.decorators';

export interface RouteAccess {
  isPublic: boolean;
  isInternal: boolean;
  declaration: AuthDeclaration | undefined;
}

const cache = new WeakMap<Function, RouteAccess>();

/** A route's access declaration, read from its metadata once per handler instead of once per guard per request. */
export function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  let access = cache.get(handler);
  if (!access) {
    const targets = [handler, context.getClass()];
    access = {
      isPublic: !!reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets),
      isInternal: !!reflector.getAllAndOverride<boolean>(INTERNAL_ROUTE_KEY, targets),
      declaration: reflector.getAllAndOverride<AuthDeclaration | undefined>(AUTH_DECLARATION_KEY, targets),
    };
    cache.set(handler, access);
  }
  return access;
}
