import { Body, Controller, HttpCode } from '@nestjs/common';
import { IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, Min } from 'class-validator';
import { AuthContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { AuditService } from './audit.service';

class AuditRecordDto implements AuthContract.AuditRecord {
  @IsUUID()
  organizationId: string;

  @IsOptional()
  @IsUUID()
  actorUserId: string | null;

  @IsOptional()
  @IsUUID()
  actorCredentialId: string | null;

  @Matches(/^[a-z_]{1,30}\.[a-z_]{1,29}$/)
  action: string;

  @IsIn(['webhook_endpoint'])
  targetType: string;

  @IsString()
  @MaxLength(100)
  targetId: string;

  @IsObject()
  data: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  ipAddress: string | null;

  @IsInt()
  @Min(0)
  at: number;
}

/** Where other services write to an organization's audit log; outside /api/v1, behind the internal token. */
@Controller()
export class InternalAuditController {
  constructor(private readonly audit: AuditService) {}

  @Internal(AuthContract.RECORD_AUDIT)
  @HttpCode(200)
  async record(@Body() body: AuditRecordDto) {
    await this.audit.recordFromService(body);
    return { recorded: true as const };
  }
}
