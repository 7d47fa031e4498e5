import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { constantTimeEquals, Environment, randomToken } from '@platform/pipeline';
import { pepperOf } from '../credentials/credential-secrets';

/** How long a browser stays known to an account after a sign-in on it (each sign-in starts it again). */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 365 * 86400;
const DEVICE_COOKIE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Device cookies: a browser where an account signed in (or used an emailed unlock link) carries
 * one, bound to that account, so that an account at its failure limit still has its password
 * checked there while every other client is refused unchecked. The value is a random id, when
 * it was issued and an HMAC of both with the account's id under the server's pepper: nothing is
 * stored, and it is worth nothing for another account or once it is a year old. The id keys the
 * device's own failure counter, so that a stolen cookie buys no more guesses than an account has.
 */
@Injectable()
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(@Inject(Environment) env: Environment) {
    this.key = createHmac('sha256', pepperOf(env)).update('device-cookie').digest();
  }

  issue(userId: string, now = Date.now()): string {
    const id = randomToken(16);
    const issuedAt = Math.floor(now / 1000);
    return `${id}.${issuedAt}.${this.mac(userId, id, issuedAt)}`;
  }

  /** The device's id when `value` is a live device cookie of the account, else null. */
  deviceOf(value: string | undefined, userId: string, now = Date.now()): string | null {
    const parts = value ? DEVICE_COOKIE.exec(value) : null;
    if (!parts) return null;
    const [, id, issued] = parts;
    const issuedAt = Number(issued);
    if (issuedAt * 1000 > now + 60_000 || (issuedAt + DEVICE_COOKIE_LIFETIME_SECONDS) * 1000 <= now) return null;
    return constantTimeEquals(parts[3], this.mac(userId, id, issuedAt)) ? id : null;
  }

  private mac(userId: string, id: string, issuedAt: number): string {
    return createHmac('sha256', this.key).update(`${userId}:${id}:${issuedAt}`).digest('base64url');
  }
}
