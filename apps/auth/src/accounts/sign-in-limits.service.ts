import { Inject, Injectable } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { Environment, PlatformException, RateLimitStore, WindowCounter } from '@platform/pipeline';
import { DeviceCookies } from './device-cookies.service';
import { HashCaller, MAX_PASSWORD_LENGTH, passwordMatches } from './passwords';

/** Who checks a password: the client's address, its device cookie if any, and whom the hashing queue counts it against. */
export interface PasswordAttempt {
  ip: string;
  deviceCookie?: string;
  caller: HashCaller;
}

/** What a password is checked against: an account's hash (userId null for a sign-up not yet verified). */
export interface PasswordHolder {
  userId: string | null;
  passwordHash: string;
}

/** The hashing queue's caller for a client not signed in: its address (an IPv6 one by its /64). */
export function addressCaller(ip: string): string {
  return `address:${normalizeIp(ip)}`;
}

/**
 * Failed password checks (sign-ins, and the current password of a password change), counted per
 * client address and per account (its email) over TOKEN_FAILURE_WINDOW_SECONDS, before the
 * password is checked, in one atomic step, and given back when it is right (as the token
 * exchange does): concurrent guesses get no more checks than the limits. An address at its limit
 * is refused unchecked. An account at its limit is refused unchecked too, except on a browser it
 * signed in on before (a device cookie, with a failure counter of its own), so that neither a
 * guesser with many addresses nor one locking the owner out gets anywhere; its owner can also
 * lift the limit with an emailed unlock link.
 */
@Injectable()
export class SignInLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly devices: DeviceCookies,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * Checks `password` against what `find` answers for `email` (a dummy hash when nothing, at the
   * same cost). Answers the holder when the password is right, null when it is wrong (a failure,
   * counted); throws RATE_LIMIT_EXCEEDED when a limit refuses the check.
   */
  async check<T extends PasswordHolder>(email: string, password: string, attempt: PasswordAttempt, find: () => Promise<T | null>): Promise<T | null> {
    const window = this.env.TOKEN_FAILURE_WINDOW_SECONDS;
    const address = { key: `login-fail:ip:${normalizeIp(attempt.ip)}`, limit: this.env.LOGIN_FAILURES_PER_ADDRESS };
    const counted = await this.store.countWithinLimits([address, this.accountCounter(email)], window * 1000);
    if (counted === 0) throw PlatformException.tooManyRequests(window);
    const countedKeys = counted === 2 ? [address.key, this.accountCounter(email).key] : [address.key];
    let holder: T | null;
    let matches: boolean;
    try {
      holder = password.length > MAX_PASSWORD_LENGTH ? null : await find();
      if (counted === 1) countedKeys.push(await this.knownDevice(holder, attempt.deviceCookie));
      matches = await passwordMatches(password, holder?.passwordHash ?? null, attempt.caller);
    } catch (error) {
      // a check that was not made (refused, or could not be made) is no failure of the caller's
      await this.store.releaseCounts(countedKeys);
      throw error;
    }
    if (!matches) return null;
    await this.store.releaseCounts(countedKeys);
    return holder;
  }

  /** Whether the account of `email` is at its failure limit now (counted and given back: the look changes nothing). */
  async atLimit(email: string): Promise<boolean> {
    const counter = this.accountCounter(email);
    if (!(await this.store.countWithinLimits([counter], this.env.TOKEN_FAILURE_WINDOW_SECONDS * 1000))) return true;
    await this.store.releaseCounts([counter.key]);
    return false;
  }

  /** Clears the account's failures (its owner used an emailed unlock link): a counter given back as often as it can hold is gone. */
  async clear(email: string): Promise<void> {
    const counter = this.accountCounter(email);
    await this.store.releaseCounts(Array.from({ length: counter.limit }, () => counter.key));
  }

  /**
   * At the account's limit: the counter key of the browser's device, when it holds a device
   * cookie of this account and that device is within its own limit; otherwise the answer is 429,
   * the password unchecked, saying that an unlock link can be emailed.
   */
  private async knownDevice(holder: PasswordHolder | null, cookie: string | undefined): Promise<string> {
    const window = this.env.TOKEN_FAILURE_WINDOW_SECONDS;
    const device = holder?.userId ? this.devices.deviceOf(cookie, holder.userId) : null;
    const counter: WindowCounter | null = device ? { key: `login-fail:device:${device}`, limit: this.env.LOGIN_FAILURES_PER_ACCOUNT } : null;
    if (!counter || !(await this.store.countWithinLimits([counter], window * 1000))) {
      throw new PlatformException('RATE_LIMIT_EXCEEDED', {
        reason: 'accountLimit',
        params: { retryAfter: window },
        details: { retryAfterSeconds: window, unlockByEmail: true },
        headers: { 'retry-after': String(window) },
      });
    }
    return counter.key;
  }

  private accountCounter(email: string): WindowCounter {
    return { key: `login-fail:account:${createHash('sha256').update(email).digest('base64url')}`, limit: this.env.LOGIN_FAILURES_PER_ACCOUNT };
  }
}
