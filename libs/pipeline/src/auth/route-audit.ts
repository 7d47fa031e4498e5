import { Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { SuccessMessageKey } from '../errors/i18n';
import { RAW_RESPONSE_KEY, SUCCESS_MESSAGE_KEY } from '../http/response.decorators';
import { AUTH_DECLARATION_KEY, AuthDeclaration, INTERNAL_ROUTE_KEY, IS_PUBLIC_KEY } from './auth.decorators';

export interface RouteDeclaration {
  method: string;
  path: string;
  access: 'public' | 'internal' | 'authenticated' | 'signed-in' | 'authenticated-or-signed-in' | 'UNDECLARED';
  scopes: string[];
  /** how the success envelope treats the route's result */
  response: { raw: boolean; message?: SuccessMessageKey };
}

function joinPath(...parts: (string | undefined)[]): string {
  const joined = parts
    .flatMap((part) => (part ?? '').split('/'))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/** Lists every route with its access declaration (used at boot and by the snapshot test). */
@Injectable()
export class RouteAudit implements OnApplicationBootstrap {
  private prefix = '';

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  setGlobalPrefix(prefix: string, excluded: string[]): void {
    this.prefix = prefix;
    this.excluded = excluded.map((path) => joinPath(path.replace('{*path}', '')));
  }

  private excluded: string[] = [];

  private isExcluded(path: string): boolean {
    return this.excluded.some((excluded) => path === excluded || (excluded.endsWith('/') ? path.startsWith(excluded) : path.startsWith(`${excluded}/`)));
  }

  routes(): RouteDeclaration[] {
    const routes: RouteDeclaration[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Function | undefined;
      const instance = wrapper.instance as object | undefined;
      if (!controller || !instance) continue;
      const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = (instance as Record<string, Function>)[name];
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodPath === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const targets = [handler, controller];
        const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets);
        const isInternal = this.reflector.getAllAndOverride<boolean>(INTERNAL_ROUTE_KEY, targets);
        const declaration = this.reflector.getAllAndOverride<AuthDeclaration | undefined>(AUTH_DECLARATION_KEY, targets);
        const response = {
          raw: !!this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE_KEY, targets),
          message: this.reflector.get<SuccessMessageKey | undefined>(SUCCESS_MESSAGE_KEY, handler),
        };
        for (const base of controllerPaths) {
          for (const sub of ([] as string[]).concat(methodPath)) {
            const local = joinPath(base, sub);
            const path = this.isExcluded(local) ? local : joinPath(this.prefix, local);
            routes.push({
              method,
              path,
              access: isInternal
                ? 'internal'
                : isPublic
                  ? 'public'
                  : !declaration
                    ? 'UNDECLARED'
                    : declaration.sessions === 'only'
                      ? 'signed-in'
                      : declaration.sessions === 'also'
                        ? 'authenticated-or-signed-in'
                        : 'authenticated',
              scopes: declaration && !isPublic ? [...declaration.scopes] : [],
              response,
            });
          }
        }
      }
    }
    // Code-unit order: paths are ASCII, and localeCompare would load ICU collation data (over a
    // megabyte of each process's memory) for nothing.
    const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    return routes.sort((a, b) => order(a.path, b.path) || order(a.method, b.method));
  }

  /** Refuses to start a service with a route that declares neither @Public() nor @Authenticated(). */
  onApplicationBootstrap(): void {
    const undeclared = this.routes().filter((route) => route.access === 'UNDECLARED');
    if (undeclared.length) {
      throw new Error(`Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    }
  }
}
