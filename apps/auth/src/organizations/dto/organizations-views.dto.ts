import { ApiProperty } from '@nestjs/swagger';
import { ORGANIZATION_ROLES } from '@platform/pipeline';
import { CredentialView, PlanView, RateLimitsView } from '../../authorize/dto/authorize-views.dto';

/** The shapes the organization routes answer in `data` (OpenAPI only: the handlers build them). */

export class OrganizationDetailView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Acme Payroll' })
  name: string;

  @ApiProperty({ enum: ORGANIZATION_ROLES, description: 'Your role in it.' })
  role: string;

  @ApiProperty({ type: PlanView })
  plan: PlanView;

  @ApiProperty({ type: RateLimitsView })
  rateLimits: RateLimitsView;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class MemberView {
  @ApiProperty({ format: 'uuid' })
  userId: string;

  @ApiProperty({ format: 'email' })
  email: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: ORGANIZATION_ROLES })
  role: string;

  @ApiProperty({ format: 'date-time' })
  joinedAt: string;
}

export class InvitationView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'email' })
  email: string;

  @ApiProperty({ enum: ORGANIZATION_ROLES })
  role: string;

  @ApiProperty({ format: 'uuid', description: 'The member who invited.' })
  invitedBy: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

export class KeyView extends CredentialView {
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key was revoked; null while it works.' })
  revokedAt: string | null;
}

export class CreatedKeyView extends KeyView {
  @ApiProperty({ description: 'The API key, for `X-Platform-Api-Key`.', example: 'pk_sandbox_…' })
  apiKey: string;

  @ApiProperty({ description: 'The API secret: shown once, now.', example: 'sk_sandbox_…' })
  apiSecret: string;
}

export class RolledKeyView extends KeyView {
  @ApiProperty({ description: 'The new API secret: shown once, now.', example: 'sk_sandbox_…' })
  apiSecret: string;
}

export class AuditActorView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  userId: string | null;

  @ApiProperty({ type: String, format: 'email', nullable: true, description: 'The email at the time.' })
  email: string | null;
}

export class AuditTargetView {
  @ApiProperty({ example: 'key' })
  type: string;

  @ApiProperty()
  id: string;
}

export class AuditEntryView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    example: 'key.created',
    description:
      'session.created, session.revoked, password.changed, password.reset, organization.created, member.invited, invitation.revoked, member.joined, member.role_changed, member.removed, member.left, key.created, key.secret_rolled, key.revoked, webhook_endpoint.created, webhook_endpoint.updated, webhook_endpoint.enabled, webhook_endpoint.disabled, webhook_endpoint.secret_rotated, webhook_endpoint.deleted (a key’s changes name it in `data.credentialId`).',
  })
  action: string;

  @ApiProperty({ type: AuditActorView })
  actor: AuditActorView;

  @ApiProperty({ type: AuditTargetView, nullable: true })
  target: AuditTargetView | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What changed (never a secret).' })
  data: Record<string, unknown>;

  @ApiProperty({ type: String, nullable: true })
  ipAddress: string | null;

  @ApiProperty({ format: 'date-time' })
  occurredAt: string;
}

const PRODUCT_NAMES = ['auth', 'hr', 'app', 'payroll', 'pay', 'books'];
const byProductSchema = (item: Record<string, unknown>) => ({
  type: 'object',
  required: PRODUCT_NAMES,
  properties: Object.fromEntries(PRODUCT_NAMES.map((product) => [product, item])),
  additionalProperties: false,
});

export class UsageDayView {
  @ApiProperty({ format: 'date', example: '2026-11-27' })
  date: string;

  @ApiProperty({ ...byProductSchema({ type: 'integer', minimum: 0 }), description: 'Requests by product that day (UTC).' } as never)
  byProduct: Record<string, number>;

  @ApiProperty({ type: 'integer', minimum: 0 })
  total: number;
}

export class QuotaUseView {
  @ApiProperty({ type: 'integer', description: 'Requests of the organization this period: its keys’, and its people’s on routes keys serve too (webhooks).' })
  used: number;

  @ApiProperty({ type: 'integer', description: 'What is left of the quota, which the organization’s keys share.' })
  remaining: number;
}

export class QuotaView {
  @ApiProperty({ type: 'integer', example: 2000 })
  monthlyQuotaPerProduct: number;

  @ApiProperty({ ...byProductSchema({ $ref: '#/components/schemas/QuotaUseView' }) } as never)
  byProduct: Record<string, QuotaUseView>;
}

export class UsagePeriodSpanView {
  @ApiProperty({ format: 'date-time' })
  start: string;

  @ApiProperty({ format: 'date-time' })
  end: string;
}

export class RetriesUseView {
  @ApiProperty({ type: 'integer', nullable: true, description: 'Included in the plan; null when negotiated and not set.' })
  included: number | null;

  @ApiProperty({ type: 'integer' })
  used: number;

  @ApiProperty({ type: 'integer' })
  overage: number;
}

export class OrganizationUsageView {
  @ApiProperty({ format: 'date' })
  from: string;

  @ApiProperty({ format: 'date' })
  to: string;

  @ApiProperty({ type: [UsageDayView], description: 'Every day of the range, oldest first.' })
  days: UsageDayView[];

  @ApiProperty({ type: UsagePeriodSpanView, description: 'The current 30-day quota period.' })
  period: UsagePeriodSpanView;

  @ApiProperty({ type: QuotaView })
  quota: QuotaView;

  @ApiProperty({ type: RetriesUseView, description: 'Webhook retries this period.' })
  webhookRetries: RetriesUseView;
}

export class RequestEntryView {
  @ApiProperty({ description: 'The log entry’s id.' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  credentialId: string;

  @ApiProperty({ type: String, nullable: true, description: 'The key’s name.' })
  credentialName: string | null;

  @ApiProperty({ example: 'GET' })
  method: string;

  @ApiProperty({ example: '/api/v1/hr/employees', description: 'The route template, not the path.' })
  route: string;

  @ApiProperty({ type: 'integer', example: 200 })
  status: number;

  @ApiProperty({ type: 'number', example: 4.2 })
  durationMs: number;

  @ApiProperty()
  requestId: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt: string;
}
