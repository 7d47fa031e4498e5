import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { Internal, RawResponse } from '@platform/common';
import { LocalIdentitySource } from './local-identity.source';

class CompanyAccessQueryDto {
  @IsUUID()
  organizationId: string;

  @IsUUID()
  workspaceId: string;

  @IsUUID()
  companyId: string;
}

/** The feed other services poll; outside /api/v1, so the Ingress never routes it. */
@ApiExcludeController()
@Internal()
@RawResponse()
@Controller('internal/v1')
export class InternalController {
  constructor(private readonly identity: LocalIdentitySource) {}

  @Get('revocations')
  revocations() {
    return { items: this.identity.revocations() };
  }

  @Get('tenancy/access')
  async access(@Query() query: CompanyAccessQueryDto) {
    return { allowed: await this.identity.canActFor(query) };
  }
}
