import type { JsonWebKey } from 'node:crypto';
import type { InternalRoute } from './internal-route';

/** What every other service asks auth: its identity feed, polled and cached within the 5-second bound. */

export interface RevocationEntry {
  credentialId: string;
  minimumSecretVersion: number;
}

/** What auth's revocation feed says: rotated credentials, and sessions ended within a session token's lifetime. */
export interface RevocationFeed {
  items: RevocationEntry[];
  /** ids of sessions ended (signed out, revoked, password changed) recently enough for a session token of theirs to live */
  sessions: string[];
}

export type Revocations = RevocationFeed;

export const REVOCATIONS: InternalRoute<{ response: Revocations }> = { method: 'GET', path: '/internal/v1/revocations' };

/** Which company an organization asks to act for. */
export interface CompanyAccessQuery {
  organizationId: string;
  workspaceId: string;
  companyId: string;
}

export interface TenancyAccess {
  allowed: boolean;
}

export const TENANCY_ACCESS: InternalRoute<{ query: CompanyAccessQuery; response: TenancyAccess }> = { method: 'GET', path: '/internal/v1/tenancy/access' };

/** The name of the company product data is scoped to: an organization's, or a client company's; null for an unknown id. */
export interface CompanyName {
  name: string | null;
}

export const COMPANY_NAME: InternalRoute<{ params: { companyId: string }; response: CompanyName }> = {
  method: 'GET',
  path: '/internal/v1/companies/:companyId/name',
};

/** RFC 7517; the token keys of every service are a copy of it. */
export interface Jwks {
  keys: JsonWebKey[];
}

/** Public (clients read it too), served in /api/v1 and not by @Internal(); services read it through InternalApi all the same. */
export const JWKS: InternalRoute<{ response: Jwks }> = { method: 'GET', path: '/api/v1/.well-known/jwks.json' };

/** One authenticated request a service served for a machine credential, as the request log keeps it. */
export interface RequestRecord {
  credentialId: string;
  organizationId: string;
  /** the product (hr, app, payroll, pay, books, auth) */
  product: string;
  method: string;
  /** the route template (`/api/v1/hr/employees/:id`), never the raw path */
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** epoch milliseconds */
  at: number;
}

/** Requests one credential made to one product on one UTC day, counted by the service (429s left out, as the quota leaves them out). */
export interface UsageCount {
  organizationId: string;
  credentialId: string;
  product: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  requests: number;
}

export interface RequestRecords {
  /** requests of the log, each organization's newest (at most 1,000 of each outcome) */
  items: RequestRecord[];
  /** requests counted, by organization, credential, product and day */
  usage: UsageCount[];
}

/**
 * What one call carries at most. Every input holds at most 10,000 JSON values (MAX_INPUT_VALUES):
 * a record is 10 (the object and its nine fields), a count 6, the body and its two arrays 3, so a
 * call with both full holds 9,803 values (about 250 KB of JSON). A sender splits what it holds
 * into calls of this size; a flood of 1,000 records in one call went over the bound and was refused.
 */
export const RECORDS_PER_CALL = 500;
export const COUNTS_PER_CALL = 800;

/** Services send their served requests to auth in batches, off the request path: the recent requests and usage by day of the dashboard. */
export const RECORD_REQUESTS: InternalRoute<{ body: RequestRecords; response: { recorded: number } }> = { method: 'POST', path: '/internal/v1/requests' };

/** A change another service made for an organization, for its audit log (webhook endpoint changes, from utilities). */
export interface AuditRecord {
  organizationId: string;
  /** the person, when a session made the change */
  actorUserId: string | null;
  /** the key, when a machine credential made it */
  actorCredentialId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  data: Record<string, unknown>;
  ipAddress: string | null;
  /** epoch milliseconds */
  at: number;
}

export const RECORD_AUDIT: InternalRoute<{ body: AuditRecord; response: { recorded: true } }> = { method: 'POST', path: '/internal/v1/audit-entries' };

/** An address utilities would send an organization's webhook alerts to. */
export interface AlertRecipient {
  email: string;
}

export interface AlertRecipientCheck {
  /** whether the address is the verified email of a person who is a member of the organization */
  verifiedMember: boolean;
}

/**
 * Where a webhook endpoint's alerts may go: only to a verified member of its organization (asked
 * when the address is set, and again before each alert). A POST, so the address stays out of URLs and logs.
 */
export const ALERT_RECIPIENT: InternalRoute<{ params: { organizationId: string }; body: AlertRecipient; response: AlertRecipientCheck }> = {
  method: 'POST',
  path: '/internal/v1/organizations/:organizationId/alert-recipients',
};
