import { applyDecorators, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiSecurity } from '@nestjs/swagger';
import type { InternalRoute, RouteTypes, Served } from '@platform/contracts/internal/internal-route';
import { RawResponse } from '../http/response.decorators';
import { PLATFORM_SECURITY } from '../openapi/conventions';
import type { Scope } from '../plans';
import { UUID } from '../openapi/parameters';

export const IS_PUBLIC_KEY = 'platform:public';
export const AUTH_DECLARATION_KEY = 'platform:auth';
export const INTERNAL_ROUTE_KEY = 'platform:internal';

export interface AuthDeclaration {
  scopes: Scope[];
  /**
   * People signed in through the gateway (X-Platform-Session): `only` for routes that serve
   * people alone (the account routes), `also` for routes that take a machine credential or a session.
   */
  sessions?: 'only' | 'also';
  /**
   * A signed-in route of the pages of the organization its path names (`account/organizations/:id/…`):
   * its people's requests there are metered by its plan's burst.
   */
  organization?: boolean;
}

/** Opts a route out of authentication, tenancy, throttling and scopes. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler of any parameters: unknown[] refuses one whose parameters are typed
type AnyParameters = any[];

/**
 * Serves a contract's service-to-service route (libs/contracts/src/internal) at its method and
 * path: no JWT but the internal token, out of the OpenAPI document, and its result sent as it is
 * (every internal route answers one shape: the response's JSON, or the error envelope). The
 * handler must return what the contract answers, or the type check fails.
 */
export function Internal<T extends RouteTypes>(route: InternalRoute<T>) {
  const decorator = applyDecorators(
    SetMetadata(IS_PUBLIC_KEY, true),
    SetMetadata(INTERNAL_ROUTE_KEY, true),
    RawResponse(),
    ApiExcludeEndpoint(),
    RequestMapping({ path: route.path, method: RequestMethod[route.method] }),
  );
  return decorator as <Handler extends (...args: AnyParameters) => Served<T['response']> | Promise<Served<T['response']>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Handler>,
  ) => void;
}

/**
 * Declares that a route needs the three authentication headers and, optionally, scopes;
 * declares the same in the OpenAPI document. Every non-public route must carry it.
 */
export function Authenticated(...scopes: Scope[]) {
  return applyDecorators(
    SetMetadata(AUTH_DECLARATION_KEY, { scopes } satisfies AuthDeclaration),
    // one requirement naming the three schemes: they are sent together, not one of them
    ApiSecurity({ ...PLATFORM_SECURITY }),
    ApiHeader({
      name: 'X-Workspace-Id',
      required: false,
      description: 'Workspace owning the acting company; sent with X-Acting-Company-Id',
      schema: { type: 'string', ...UUID },
    }),
    ApiHeader({
      name: 'X-Acting-Company-Id',
      required: false,
      description: 'Client company to act for; must belong to X-Workspace-Id',
      schema: { type: 'string', ...UUID },
    }),
  );
}

/**
 * A route that serves people signed in to the dashboard: the gateway's X-Platform-Session, no
 * machine credential. What the person may do in an organization (their role) the handler checks,
 * against the organization the route names. `'organization'`: a page of the organization its path
 * names, where its people are metered by its plan's burst; a person's own account's routes are
 * metered by no plan.
 */
export function SignedIn(pages?: 'organization') {
  return SetMetadata(AUTH_DECLARATION_KEY, { scopes: [], sessions: 'only', ...(pages ? { organization: true } : {}) } satisfies AuthDeclaration);
}

/**
 * Like @Authenticated(...scopes), and also open to people signed in through the gateway, for
 * the organization named by X-Organization-Id, with the scopes of their role (scopesOfRole).
 */
export function AuthenticatedOrSignedIn(...scopes: Scope[]) {
  return applyDecorators(
    Authenticated(...scopes),
    SetMetadata(AUTH_DECLARATION_KEY, { scopes, sessions: 'also' } satisfies AuthDeclaration),
    ApiHeader({
      name: 'X-Organization-Id',
      required: false,
      description: 'With a session (the dashboard): the organization to act for',
      schema: { type: 'string', ...UUID },
    }),
  );
}
