import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import { routeAccess } from '../auth/route-access';
import { headerValue, httpRequest, requestState } from '../auth/request-state';
import { FieldErrors, PlatformException } from '../errors/platform.exception';
import { IdentitySource } from '../identity/identity-source';

const WORKSPACE_HEADER = 'x-workspace-id';
const COMPANY_HEADER = 'x-acting-company-id';

/**
 * Settles which company the call acts for: the caller's own organization, or — with both
 * X-Workspace-Id and X-Acting-Company-Id — a client company of a workspace the caller owns.
 */
@Injectable()
export class TenancyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentitySource,
  ) {}

  /** Synchronous for a caller acting for itself; only acting for a client company may ask auth. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const access = routeAccess(this.reflector, context);
    // people-only routes name their organization in the path, and check membership themselves
    if (access.isPublic || access.declaration?.sessions === 'only') return true;
    const request = httpRequest(context);
    const state = requestState(request);
    const organizationId = state.principal!.organizationId;
    const workspaceId = headerValue(request, WORKSPACE_HEADER);
    const companyId = headerValue(request, COMPANY_HEADER);

    if (workspaceId === undefined && companyId === undefined) {
      state.tenant = { organizationId, workspaceId: null, companyId: organizationId, actingOnBehalf: false };
      return true;
    }

    const errors: FieldErrors = {};
    if (workspaceId === undefined) errors['X-Workspace-Id'] = ['X-Workspace-Id is required together with X-Acting-Company-Id'];
    else if (!isUUID(workspaceId)) errors['X-Workspace-Id'] = ['X-Workspace-Id must be a UUID'];
    if (companyId === undefined) errors['X-Acting-Company-Id'] = ['X-Acting-Company-Id is required together with X-Workspace-Id'];
    else if (!isUUID(companyId)) errors['X-Acting-Company-Id'] = ['X-Acting-Company-Id must be a UUID'];
    if (Object.keys(errors).length) throw PlatformException.validation(errors);

    const workspace = workspaceId!.toLowerCase();
    const company = companyId!.toLowerCase();
    return this.identity.canActFor({ organizationId, workspaceId: workspace, companyId: company }).then((allowed) => {
      if (!allowed) throw new PlatformException('ACTING_COMPANY_FORBIDDEN');
      state.tenant = { organizationId, workspaceId: workspace, companyId: company, actingOnBehalf: true };
      return true;
    });
  }
}
