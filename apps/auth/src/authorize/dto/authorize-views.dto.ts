import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { SERVICES } from '@platform/contracts';
import { PLAN_IDS, SCOPES } from '@platform/pipeline';
import { MAX_SECRET_GRACE_SECONDS } from '../../credentials/credentials.service';

const PRODUCTS_OF_SERVICES = Object.values(SERVICES).map((service) => service.product);

/** The shapes the authorize routes answer in `data` (OpenAPI only: the handlers build them). */

export class IssuedTokenView {
  @ApiProperty({
    description: 'The JWT to send as `Authorization: Bearer <accessToken>`, with the same key in `X-Platform-Api-Key`.',
    example: 'eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl',
  })
  accessToken: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  tokenType: 'Bearer';

  @ApiProperty({ type: 'integer', description: 'Seconds the token is valid (15 minutes).', example: 900 })
  expiresIn: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T21:15:00.000Z' })
  expiresAt: string;

  @ApiProperty({ description: 'The credential’s scopes, space-separated.', example: 'hr:read hr:write' })
  scope: string;

  @ApiProperty({ enum: PLAN_IDS, example: 'developer-sandbox' })
  plan: string;
}

export class OrganizationView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class CredentialView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'What the organization calls the key.', example: 'Payroll sync' })
  name: string;

  @ApiProperty({ description: 'The start of the API key, enough to recognize it.', example: 'pk_sandbox_3f9a' })
  keyPrefix: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The last four characters of the API key; null for keys issued before they were kept.',
    example: 'x9Qa',
  })
  keyLastFour: string | null;

  @ApiProperty({ enum: ['sandbox', 'production'] })
  environment: string;

  @ApiProperty({ type: [String], enum: SCOPES, example: ['hr:read', 'hr:write'] })
  scopes: string[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the secret was last rotated; null if never.' })
  secretRotatedAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'While the grace period of the last rotation runs: until when the previous secret still exchanges. Null otherwise.',
  })
  previousSecretExpiresAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key last exchanged for a token (to the minute); null if never.' })
  lastUsedAt: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class PlanPriceView {
  @ApiProperty({ enum: ['XAF'] })
  currency: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'XAF a month; null when negotiated.', example: 25000 })
  monthlyMin: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 25000 })
  monthlyMax: number | null;

  @ApiPropertyOptional({ example: 'free' })
  note?: string;
}

export class PlanView {
  @ApiProperty({ enum: PLAN_IDS })
  id: string;

  @ApiProperty({ example: 'Developer Sandbox' })
  name: string;

  @ApiProperty({ enum: ['sandbox', 'production'] })
  environment: string;

  @ApiProperty({ type: PlanPriceView })
  price: PlanPriceView;
}

export class RateLimitsView {
  @ApiProperty({ type: 'integer', minimum: 1, example: 5 })
  burstPerSecond: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Requests per product per 30-day period.', example: 2000 })
  monthlyQuota: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Webhook retries included per period; null when negotiated.', example: 50 })
  webhookRetries: number | null;
}

export class CurrentAuthorizationView {
  @ApiProperty({ type: OrganizationView })
  organization: OrganizationView;

  @ApiProperty({ type: CredentialView })
  credential: CredentialView;

  @ApiProperty({ type: PlanView })
  plan: PlanView;

  @ApiProperty({ type: RateLimitsView })
  rateLimits: RateLimitsView;
}

export class UsagePeriodView {
  @ApiProperty({ format: 'date-time' })
  start: string;

  @ApiProperty({ format: 'date-time' })
  end: string;
}

export class ProductRequestsView {
  @ApiProperty({ type: 'integer', minimum: 0 })
  total: number;

  @ApiProperty({
    type: 'object',
    description: 'Requests of the organization in the period by product: all its keys’, which share the quota.',
    properties: Object.fromEntries(PRODUCTS_OF_SERVICES.map((product) => [product, { type: 'integer', minimum: 0 }])),
    required: [...PRODUCTS_OF_SERVICES],
    additionalProperties: false,
    example: Object.fromEntries(PRODUCTS_OF_SERVICES.map((product) => [product, 0])),
  })
  byProduct: Record<string, number>;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'The organization’s quota of each product per 30-day period, shared by its keys.' })
  monthlyQuotaPerProduct: number;
}

export class WebhookRetriesView {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Webhook delivery attempts from the second onward, to the organization’s endpoints, in the period.',
  })
  used: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Included in the plan; null when negotiated and not set.' })
  included: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Retries past those included: deliveries go on, and these are billed by use.' })
  overage: number;
}

export class FileLinkDownloadsView {
  @ApiProperty({ type: 'integer', minimum: 0 })
  used: number;
}

export class UsageView {
  @ApiProperty({ type: UsagePeriodView })
  period: UsagePeriodView;

  @ApiProperty({ type: ProductRequestsView })
  apiRequests: ProductRequestsView;

  @ApiProperty({ type: WebhookRetriesView })
  webhookRetries: WebhookRetriesView;

  @ApiProperty({ type: FileLinkDownloadsView, description: 'Downloads of public files through their signed links (not counted in the quota).' })
  fileLinkDownloads: FileLinkDownloadsView;
}

export class RotatedSecretView {
  @ApiProperty({ example: 'pk_sandbox_3f9a' })
  apiKeyPrefix: string;

  @ApiProperty({ description: 'The new secret, shown once.', example: 'sk_sandbox_…' })
  apiSecret: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 2 })
  secretVersion: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  rotatedAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the previous secret still exchanges (its tokens stop then); null when it stopped at once.',
  })
  previousSecretExpiresAt: string | null;
}

/** `POST /authorize/rotate-secret?graceSeconds=`: how long the previous secret keeps working. */
export class RotateSecretQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SECRET_GRACE_SECONDS,
    default: 0,
    description:
      'Seconds the previous secret still exchanges for tokens, and its tokens keep working, beside the new one (at most 86400). 0, the default: it stops at once, with every token minted with it.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_GRACE_SECONDS)
  graceSeconds?: number;
}

/** `data` of the `credential.secret_rotated` event: which credential, when, which version; never the secret. */
export class SecretRotatedEventView {
  @ApiProperty({ format: 'uuid' })
  credentialId: string;

  @ApiProperty({ example: 'pk_sandbox_3f9a' })
  apiKeyPrefix: string;

  @ApiProperty({ enum: ['sandbox', 'production'] })
  environment: string;

  @ApiProperty({ type: 'integer', minimum: 2, example: 2 })
  secretVersion: number;

  @ApiProperty({ type: String, format: 'date-time' })
  rotatedAt: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the previous secret still exchanges; null when it stopped at once.',
  })
  previousSecretExpiresAt: string | null;
}
