import { Inject, Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { CachedIdentitySource, CompanyAccessQuery, Environment, PlatformException, RevocationEntry } from '@platform/common';
import { CredentialsService } from '../credentials/credentials.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { WorkspacesService } from '../workspaces/workspaces.service';

/**
 * auth answers identity questions from its own store. Revocations are re-read every
 * REVOCATION_POLL_MS so a rotation on another auth replica is seen within the bound.
 */
@Injectable()
export class LocalIdentitySource extends CachedIdentitySource {
  constructor(
    private readonly keys: SigningKeys,
    private readonly credentials: CredentialsService,
    private readonly workspaces: WorkspacesService,
    @Inject(Environment) env: Environment,
  ) {
    super(env.REVOCATION_POLL_MS);
  }

  async verificationKey(kid: string): Promise<KeyObject> {
    if (kid !== this.keys.kid) throw new PlatformException('AUTH_TOKEN_INVALID');
    return this.keys.publicKey;
  }

  protected loadRevocations(): Promise<RevocationEntry[]> {
    return this.credentials.recentRotations();
  }

  protected loadAccess(query: CompanyAccessQuery): Promise<boolean> {
    return this.workspaces.canActFor(query.organizationId, query.workspaceId, query.companyId);
  }
}
