import { argon2id, hash, verify } from 'argon2';
import { PlatformException } from '@platform/pipeline';

/** OWASP's argon2id floor (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane; about 50 ms here, on libuv's pool. */
const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
/**
 * Hashes at once per process: each holds 19 MiB and a libuv thread for about 50 ms. Beyond this
 * many a sign-in waits its turn, and beyond MAX_WAITING it is refused with 503 rather than queued
 * without bound (memory and latency stay bounded whatever arrives).
 */
const MAX_CONCURRENT_HASHES = 2;
const MAX_WAITING = 64;
/**
 * Hashes one caller (a signed-in user, or a client address for those not signed in) may have
 * running or waiting at once: more are refused with 429, so that no one caller can fill the
 * shared queue and turn everybody else's sign-in into a 503.
 */
export const MAX_HASHES_PER_CALLER = 2;

export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords are refused, not truncated: argon2 takes any length, but a bound keeps the work bounded. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Who asks for a hash, for the per-caller bound: `user:<id>` for a signed-in user,
 * `address:<ip>` otherwise; null only for the platform's own work (tests, tools).
 */
export type HashCaller = string | null;

let running = 0;
const waiting: Array<() => void> = [];
const held = new Map<string, number>();

async function bounded<T>(caller: HashCaller, work: () => Promise<T>): Promise<T> {
  if (caller !== null) {
    const count = held.get(caller) ?? 0;
    if (count >= MAX_HASHES_PER_CALLER) throw PlatformException.tooManyRequests(1);
    held.set(caller, count + 1);
  }
  try {
    return await queued(work);
  } finally {
    if (caller !== null) {
      const count = held.get(caller)! - 1;
      if (count) held.set(caller, count);
      else held.delete(caller);
    }
  }
}

async function queued<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING) throw new PlatformException('UPSTREAM_UNAVAILABLE', { headers: { 'retry-after': '1' } });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string, caller: HashCaller): Promise<string> {
  return bounded(caller, () => hash(password, ARGON2_OPTIONS));
}

/**
 * Whether the password matches the hash. Without a hash (no such account) a dummy hash is
 * verified all the same, so that an unknown email costs the time a known one does.
 */
export async function passwordMatches(password: string, passwordHash: string | null, caller: HashCaller): Promise<boolean> {
  const target = passwordHash ?? (await dummyHash());
  const matches = await bounded(caller, () => verify(target, password.slice(0, MAX_PASSWORD_LENGTH)).catch(() => false));
  return matches && passwordHash !== null;
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hash('not a password: this hash stands in for an unknown account', ARGON2_OPTIONS);
  return dummy;
}

let common: Set<string> | undefined;
/** The 49,233 most common passwords (zxcvbn-ts's list), loaded at the first password set. */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

/**
 * What is wrong with a new password, or an empty list. NIST SP 800-63B §3.1.1.2 rather than
 * composition rules: a minimum length, a maximum that bounds the work, no common password (also
 * with digits or symbols at its end), nothing built from the account's own email or name, and
 * not a few characters repeated.
 */
export function passwordProblems(password: string, context: { email?: string; name?: string } = {}): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) problems.push(`password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (length > MAX_PASSWORD_LENGTH) problems.push(`password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  if (problems.length) return problems;
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (/^[\d\W_]+$/u.test(lower)) problems.push('password must not be only digits and symbols');
  else if (commonPasswords().has(lower) || (stem.length >= 4 && commonPasswords().has(stem)))
    problems.push('password is too common: choose one that is not on lists of leaked passwords');
  else if (new Set(lower).size < 5) problems.push('password repeats too few characters');
  else {
    const local = context.email?.toLowerCase().split('@')[0] ?? '';
    const words = [local, ...(context.name?.toLowerCase().split(/\s+/) ?? [])].filter((word) => word.length >= 4);
    if (words.some((word) => lower.includes(word) && lower.length - word.length < 8)) problems.push('password is too close to your email or name');
  }
  return problems;
}

/** Throws VALIDATION_FAILED on `field` when the password is not acceptable. */
export function assertAcceptablePassword(password: string, context: { email?: string; name?: string }, field = 'password'): void {
  const problems = passwordProblems(password, context);
  if (problems.length) throw PlatformException.validation({ [field]: problems });
}
