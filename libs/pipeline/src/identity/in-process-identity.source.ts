import type { KeyObject } from 'node:crypto';
import { CompanyAccessQuery, IdentitySource } from './identity-source';

let shared: IdentitySource | undefined;

/**
 * One process, one identity source: the one-machine suite runs auth beside the other apps, so
 * they ask auth's own source (its keys, its revocations re-read from its store, its tenancy
 * answers) instead of each polling auth over HTTP: one revocation read a second for the process
 * instead of six, tenancy answered without a call, a rotation seen by every app at once.
 * `undefined` ends the sharing.
 */
export function shareIdentitySource(source: IdentitySource | undefined): void {
  shared = source;
}

/** The identity source shared in this process, wrapped for an app that does not own it; none outside the suite. */
export function sharedIdentitySource(): IdentitySource | undefined {
  return shared && new InProcessIdentitySource(shared);
}

/**
 * Another app's source, answering for this app: no lifecycle hooks of its own, so that this
 * app's start and close neither start nor stop the owner's refreshes.
 */
class InProcessIdentitySource extends IdentitySource {
  constructor(private readonly owner: IdentitySource) {
    super();
  }

  verificationKey(kid: string): Promise<KeyObject> {
    return this.owner.verificationKey(kid);
  }

  revocationsFresh(): boolean {
    return this.owner.revocationsFresh();
  }

  ensureRevocationsFresh(): Promise<void> {
    return this.owner.ensureRevocationsFresh();
  }

  minimumSecretVersion(credentialId: string): number | undefined {
    return this.owner.minimumSecretVersion(credentialId);
  }

  sessionEnded(sessionId: string): boolean {
    return this.owner.sessionEnded(sessionId);
  }

  canActFor(query: CompanyAccessQuery): Promise<boolean> {
    return this.owner.canActFor(query);
  }
}
