import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiSecurity } from '@nestjs/swagger';
import type { Scope } from '../plans';

export const IS_PUBLIC_KEY = 'platform:public';
export const AUTH_DECLARATION_KEY = 'platform:auth';
export const INTERNAL_ROUTE_KEY = 'platform:internal';

export interface AuthDeclaration {
  scopes: Scope[];
}

/** Opts a route out of authentication, tenancy, throttling and scopes. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** A service-to-service route: no JWT, guarded by the internal token instead. */
export const Internal = () => applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), SetMetadata(INTERNAL_ROUTE_KEY, true));

/**
 * Declares that a route needs the three authentication headers and, optionally, scopes;
 * declares the same in the OpenAPI document. Every non-public route must carry it.
 */
export function Authenticated(...scopes: Scope[]) {
  return applyDecorators(
    SetMetadata(AUTH_DECLARATION_KEY, { scopes } satisfies AuthDeclaration),
    ApiBearerAuth('bearer'),
    ApiSecurity('apiKey'),
    ApiSecurity('clientId'),
    ApiHeader({ name: 'X-Workspace-Id', required: false, description: 'Workspace owning the acting company (uuid); sent with X-Acting-Company-Id' }),
    ApiHeader({ name: 'X-Acting-Company-Id', required: false, description: 'Client company to act for (uuid); must belong to X-Workspace-Id' }),
  );
}
