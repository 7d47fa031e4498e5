import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import { IsEmail, IsUUID, MaxLength } from 'class-validator';
import { AuthContract } from '@platform/contracts';
import { CompanyAccessQuery, Internal } from '@platform/pipeline';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { AlertRecipients } from './alert-recipients.service';
import { LocalIdentitySource } from './local-identity.source';

class CompanyParamsDto {
  @IsUUID()
  companyId: string;
}

class OrganizationParamsDto {
  @IsUUID()
  organizationId: string;
}

class AlertRecipientDto implements AuthContract.AlertRecipient {
  @IsEmail()
  @MaxLength(254)
  email: string;
}

class CompanyAccessQueryDto implements CompanyAccessQuery {
  @IsUUID()
  organizationId: string;

  @IsUUID()
  workspaceId: string;

  @IsUUID()
  companyId: string;
}

/** What other services ask auth (the identity feed they poll, company names, alert recipients); outside /api/v1, so the Ingress never routes it. */
@Controller()
export class InternalIdentityController {
  constructor(
    private readonly identity: LocalIdentitySource,
    private readonly workspaces: WorkspacesService,
    private readonly alertRecipients: AlertRecipients,
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

  @Internal(AuthContract.ALERT_RECIPIENT)
  @HttpCode(200)
  async alertRecipient(@Param() params: OrganizationParamsDto, @Body() body: AlertRecipientDto) {
    return { verifiedMember: await this.alertRecipients.isVerifiedMember(params.organizationId, body.email) };
  }
}
