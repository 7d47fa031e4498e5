import type { KeyObject } from 'node:crypto';
import type { AuthContract } from '@platform/contracts';

/** Which company an organization asks to act for (the contract's type, by the pipeline's name). */
export type CompanyAccessQuery = AuthContract.CompanyAccessQuery;

/**
 * Identity facts the pipeline needs from auth, which owns them: token verification keys,
 * revocations (secret versions) and which companies an organization may act for.
 * auth answers from its own store; every other service asks auth over HTTP and caches.
 */
export abstract class IdentitySource {
  /** The key that verifies tokens signed under `kid`; AUTH_TOKEN_INVALID for a `kid` auth does not use. */
  abstract verificationKey(kid: string): Promise<KeyObject>;
  /** Whether the revocations held are within the 5-second bound (no I/O). */
  abstract revocationsFresh(): boolean;
  /** Throws UPSTREAM_UNAVAILABLE when revocations are older than the 5-second bound. */
  abstract ensureRevocationsFresh(): Promise<void>;
  /** Tokens of this credential minted with an older secret version are revoked. */
  abstract minimumSecretVersion(credentialId: string): number | undefined;
  /** Whether a person's session has ended (signed out or revoked) within the revocation bound. */
  abstract sessionEnded(sessionId: string): boolean;
  abstract canActFor(query: CompanyAccessQuery): Promise<boolean>;
}
