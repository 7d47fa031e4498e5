import { Controller, Param, Query } from '@nestjs/common';
import { IsUUID } from 'class-validator';
import { AuthContract, CompanyAccessQuery, Internal } from '@platform/common';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { LocalIdentitySource } from './local-identity.source';

class CompanyParamsDto {
  @IsUUID()
  companyId: string;
}

class CompanyAccessQueryDto implements CompanyAccessQuery {
  @IsUUID()
  organizationId: string;

  @IsUUID()
  workspaceId: string;

  @IsUUID()
  companyId: string;
}

/** The feed other services poll; outside /api/v1, so the Ingress never routes it. */
@Controller()
export class InternalController {
  constructor(
    private readonly identity: LocalIdentitySource,
    private readonly workspaces: WorkspacesService,
  ) {}

  @Internal(AuthContract.REVOCATIONS)
  revocations() {
    return this.identity.revocations();
  }

  @Internal(AuthContract.TENANCY_ACCESS)
  async access(@Query() query: CompanyAccessQueryDto) {
    return { allowed: await this.identity.canActFor(query) };
  }

  @Internal(AuthContract.COMPANY_NAME)
  async companyName(@Param() params: CompanyParamsDto) {
    return { name: await this.workspaces.companyName(params.companyId) };
  }
}
