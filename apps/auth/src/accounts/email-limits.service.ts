import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimitStore } from '@platform/pipeline';

/** Emails an address may have sent to it per hour (verification, notices, password reset, unlock): more would make the platform a spam relay. */
const EMAILS_PER_HOUR = 5;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The per-address bound on the account emails anyone may ask the platform to send. */
@Injectable()
export class EmailLimits {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts one email to `email` (normalized); false when the address had its share this hour. */
  async allow(email: string): Promise<boolean> {
    const key = `account-email:${createHash('sha256').update(email).digest('base64url')}`;
    return (await this.store.countWithinLimits([{ key, limit: EMAILS_PER_HOUR }], 3600_000)) === 1;
  }
}
