import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsDateTime, IsPlainText, ORGANIZATION_ROLES, OrganizationRole, PageOnlyQueryDto, Scope, SCOPES } from '@platform/pipeline';
import { IsArray, ArrayMaxSize, ArrayUnique } from 'class-validator';
import { MAX_CREDENTIAL_NAME_LENGTH } from '../../credentials/developer-credential.entity';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../passwords';

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** A uuid path parameter or filter, refused with `<name> must be a UUID`. */
const UUID_FIELD =
  (name: string, optional = false) =>
  (target: object, key: string) => {
    (optional ? ApiPropertyOptional : ApiProperty)({ format: 'uuid' })(target, key);
    if (optional) IsOptional()(target, key);
    Matches(UUID_PATTERN, { message: `${name} must be a UUID` })(target, key);
  };
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A name a person chooses (theirs, an organization's, a key's): trimmed, one line of plain text, refused with VALIDATION_FAILED on the field otherwise. */
const NAME = (maxLength: number, example: string) => (target: object, key: string) => {
  ApiProperty({
    minLength: 1,
    maxLength,
    example,
    description: 'Plain text on one line: no control characters, line breaks or bidirectional formatting characters.',
  })(target, key);
  Transform(trim)(target, key);
  IsString()(target, key);
  MinLength(1)(target, key);
  MaxLength(maxLength)(target, key);
  IsPlainText()(target, key);
};
const EMAIL = () => (target: object, key: string) => {
  ApiProperty({ type: String, format: 'email', maxLength: 254, example: 'ada@example.com' })(target, key);
  Transform(trim)(target, key);
  IsEmail({}, { message: 'email must be an email address' })(target, key);
  MaxLength(254)(target, key);
};
const PASSWORD = (description: string) => (target: object, key: string) => {
  ApiProperty({ type: String, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, format: 'password', description })(target, key);
  IsString()(target, key);
  MaxLength(MAX_PASSWORD_LENGTH * 4)(target, key);
};
const LINK_TOKEN = () => (target: object, key: string) => {
  ApiProperty({ type: String, minLength: 1, maxLength: 100, description: 'The token of the emailed link (after `#token=`).' })(target, key);
  IsString()(target, key);
  MinLength(1)(target, key);
  MaxLength(100)(target, key);
};

export class SignUpDto {
  @EMAIL()
  email: string;

  @PASSWORD(`At least ${MIN_PASSWORD_LENGTH} characters, not a common password, not made of your email or name.`)
  password: string;

  @NAME(200, 'Ada Okonkwo')
  name: string;

  @NAME(200, 'Acme Payroll')
  organizationName: string;
}

export class EmailDto {
  @EMAIL()
  email: string;
}

export class LinkTokenDto {
  @LINK_TOKEN()
  token: string;
}

export class SignInDto {
  @EMAIL()
  email: string;

  @ApiProperty({ type: String, format: 'password', maxLength: MAX_PASSWORD_LENGTH * 4 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH * 4)
  password: string;
}

export class ResetPasswordDto {
  @LINK_TOKEN()
  token: string;

  @PASSWORD('The new password.')
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty({ type: String, format: 'password', maxLength: MAX_PASSWORD_LENGTH * 4 })
  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH * 4)
  currentPassword: string;

  @PASSWORD('The new password.')
  newPassword: string;
}

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

export class SessionParamsDto {
  @UUID_FIELD('id')
  id: string;
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

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
