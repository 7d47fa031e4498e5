import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { IsDateTime, ORGANIZATION_ROLES, OrganizationRole, PageOnlyQueryDto, Scope, SCOPES } from '@platform/pipeline';
import { EMAIL, NAME, UUID_FIELD } from '../../accounts/dto/account.dto';
import { MAX_CREDENTIAL_NAME_LENGTH } from '../../credentials/developer-credential.entity';

/** What the organization routes take: paths, bodies and queries. */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class OrganizationNameDto {
  @NAME(200, 'Acme Payroll')
  name: string;
}

export class OrganizationParamsDto {
  @UUID_FIELD('id')
  id: string;
}

export class MemberParamsDto extends OrganizationParamsDto {
  @UUID_FIELD('userId')
  userId: string;
}

export class InvitationParamsDto extends OrganizationParamsDto {
  @UUID_FIELD('invitationId')
  invitationId: string;
}

export class KeyParamsDto extends OrganizationParamsDto {
  @UUID_FIELD('keyId')
  keyId: string;
}

export class RoleDto {
  @ApiProperty({ enum: ORGANIZATION_ROLES })
  @IsIn(ORGANIZATION_ROLES)
  role: OrganizationRole;
}

export class InviteDto extends RoleDto {
  @EMAIL()
  email: string;
}

export class CreateKeyDto {
  @NAME(MAX_CREDENTIAL_NAME_LENGTH, 'Payroll sync')
  name: string;

  @ApiPropertyOptional({ type: [String], enum: SCOPES, description: 'Every scope when left out.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(SCOPES.length)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes?: Scope[];
}

export class RollKeyDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 86400, default: 0, description: 'Seconds the previous secret keeps exchanging (0: it stops at once).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86400)
  graceSeconds?: number;
}

export class AuditLogQueryDto extends PageOnlyQueryDto {
  @ApiPropertyOptional({ maxLength: 60, example: 'key.created' })
  @IsOptional()
  @Matches(/^[a-z_]{1,30}\.[a-z_]{1,29}$/, { message: 'action must look like key.created' })
  action?: string;

  @UUID_FIELD('actorUserId', true)
  actorUserId?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsDateTime()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsDateTime()
  to?: string;
}

export class UsageQueryDto {
  @ApiPropertyOptional({ format: 'date', example: '2026-11-01', description: 'The first UTC day (default: 29 days before `to`).' })
  @IsOptional()
  @Matches(DATE, { message: 'from must be a date such as 2026-11-01' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', example: '2026-11-30', description: 'The last UTC day, included (default: today).' })
  @IsOptional()
  @Matches(DATE, { message: 'to must be a date such as 2026-11-30' })
  to?: string;
}

export class RequestsQueryDto extends PageOnlyQueryDto {
  @UUID_FIELD('credentialId', true)
  credentialId?: string;

  @ApiPropertyOptional({ enum: ['success', 'error'], description: '`error`: status 400 or above; `success`: below.' })
  @IsOptional()
  @IsIn(['success', 'error'])
  outcome?: 'success' | 'error';

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsDateTime()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsDateTime()
  to?: string;
}
