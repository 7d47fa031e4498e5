import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { ALL_EVENT_TYPES } from '@platform/contracts';
import { ArrayDistinct, IsPlainText, OptionalNotNull } from '@platform/pipeline';

export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_EMAIL_LENGTH = 254;
export const ALERT_EMAIL_DESCRIPTION =
  'Told by email when the endpoint is disabled for failing (410 Gone, or five days of failed deliveries), at most once a day; without it, the company inbox is. ' +
  'The verified email address of a member of the organization (kept lower-cased; VALIDATION_FAILED otherwise), checked again before each alert: once they have left, the company inbox is told instead.';
export const MAX_EVENT_TYPES = 50;
/** Default time the previous secret keeps signing after a rotation (24 h); at most 7 days. */
export const DEFAULT_GRACE_SECONDS = 86_400;
export const MAX_GRACE_SECONDS = 604_800;
export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** An absolute http(s) URL with a host; where it leads is checked next (WEBHOOK_URL_FORBIDDEN). */
const EndpointUrl = () =>
  IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_valid_protocol: true, require_tld: false },
    { message: ({ property }) => `${property} must be an absolute http or https URL` },
  );
const URL_DESCRIPTION = 'Where deliveries are POSTed: an absolute http(s) URL.';
const EVENT_TYPES_DESCRIPTION =
  'The event types delivered to this endpoint (GET /api/v1/app/webhooks/event-types), each at most once. Empty: every event type, those added later included.';
export const EVENT_TYPES_EXAMPLE = ['employee.created', 'payroll_run.approved'];

export class CreateWebhookEndpointDto {
  @ApiProperty({ maxLength: MAX_URL_LENGTH, format: 'uri', example: 'https://hooks.example.cm/platform', description: URL_DESCRIPTION })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_URL_LENGTH)
  @EndpointUrl()
  url: string;

  @ApiPropertyOptional({
    type: [String],
    enum: ALL_EVENT_TYPES,
    maxItems: MAX_EVENT_TYPES,
    uniqueItems: true,
    default: [],
    example: EVENT_TYPES_EXAMPLE,
    description: EVENT_TYPES_DESCRIPTION,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EVENT_TYPES)
  @ArrayDistinct()
  @IsIn(ALL_EVENT_TYPES, { each: true })
  eventTypes?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_DESCRIPTION_LENGTH,
    example: 'HR sync of the intranet',
    description: 'One line of plain text: no control characters, line breaks or bidirectional formatting characters.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  @IsPlainText()
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'email',
    maxLength: MAX_EMAIL_LENGTH,
    example: 'ops@example.cm',
    description: ALERT_EMAIL_DESCRIPTION,
  })
  @IsOptional()
  @IsEmail()
  @MaxLength(MAX_EMAIL_LENGTH)
  alertEmail?: string | null;
}

/** A PATCH: only the fields sent change. */
export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ maxLength: MAX_URL_LENGTH, format: 'uri', example: 'https://hooks.example.cm/platform/v2', description: URL_DESCRIPTION })
  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_URL_LENGTH)
  @EndpointUrl()
  url?: string;

  @ApiPropertyOptional({
    type: [String],
    enum: ALL_EVENT_TYPES,
    maxItems: MAX_EVENT_TYPES,
    uniqueItems: true,
    example: EVENT_TYPES_EXAMPLE,
    description: `${EVENT_TYPES_DESCRIPTION} Replaces the list.`,
  })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_EVENT_TYPES)
  @ArrayDistinct()
  @IsIn(ALL_EVENT_TYPES, { each: true })
  eventTypes?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH, description: 'One line of plain text; null removes it.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  @IsPlainText()
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'email',
    maxLength: MAX_EMAIL_LENGTH,
    description: `${ALERT_EMAIL_DESCRIPTION} null removes it.`,
  })
  @IsOptional()
  @IsEmail()
  @MaxLength(MAX_EMAIL_LENGTH)
  alertEmail?: string | null;
}

export class RotateSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: DEFAULT_GRACE_SECONDS,
    description: 'How long the previous secrets keep signing deliveries beside the new one, in seconds (0: they stop at once).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_GRACE_SECONDS)
  graceSeconds?: number;
}
