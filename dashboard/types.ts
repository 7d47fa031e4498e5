/** The shapes the dashboard reads, as the API answers them (auth's accounts, utilities' webhooks). */

export type Role = 'owner' | 'admin' | 'developer' | 'viewer';
export const ROLES: readonly Role[] = ['owner', 'admin', 'developer', 'viewer'];

/** Whether `role` is `least` or more trusted (the server decides; the page only hides what would be refused). */
export function roleAtLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(least);
}

export interface MyOrganization {
  id: string;
  name: string;
  plan: string;
  role: Role;
  createdAt: string;
}

export interface Session {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface Me {
  user: { id: string; email: string; name: string; emailVerified: boolean; createdAt: string };
  organizations: MyOrganization[];
  session: Session;
  csrfToken: string;
}

export interface OrganizationDetail {
  id: string;
  name: string;
  role: Role;
  plan: { id: string; name: string; environment: string; price: { currency: string; monthlyMin: number | null; monthlyMax: number | null; note?: string } };
  rateLimits: { burstPerSecond: number; monthlyQuota: number; webhookRetries: number | null };
  createdAt: string;
}

export interface Usage {
  from: string;
  to: string;
  days: { date: string; byProduct: Record<string, number>; total: number }[];
  period: { start: string; end: string };
  quota: { monthlyQuotaPerProduct: number; byProduct: Record<string, { used: number; remaining: number }> };
  webhookRetries: { included: number | null; used: number; overage: number };
}

export interface Key {
  id: string;
  name: string;
  keyPrefix: string;
  keyLastFour: string;
  environment: string;
  scopes: string[];
  secretRotatedAt: string | null;
  previousSecretExpiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface RequestEntry {
  id: string;
  credentialId: string;
  credentialName: string | null;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  occurredAt: string;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: { userId: string | null; email: string | null };
  target: { type: string; id: string } | null;
  data: Record<string, unknown>;
  ipAddress: string | null;
  occurredAt: string;
}

export interface EventType {
  type: string;
  service: string;
  description: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  alertEmail: string | null;
  status: 'enabled' | 'disabled';
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Delivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface DeliveryDetail extends Delivery {
  attemptLog: { attempt: number; attemptedAt: string; statusCode: number | null; durationMs: number; responseBody: string | null; error: string | null }[];
}
