import { Inject, Injectable } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { CachedIdentitySource, CompanyAccessQuery, Environment, PlatformException, RevocationFeed } from '@platform/pipeline';
import { SessionsService } from '../sessions/sessions.service';
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
    private readonly sessions: SessionsService,
    @Inject(Environment) env: Environment,
  ) {
    super(env.REVOCATION_POLL_MS);
  }

  async verificationKey(kid: string): Promise<KeyObject> {
    const key = this.keys.publicKeyFor(kid);
    if (!key) throw new PlatformException('AUTH_TOKEN_INVALID');
    return key;
  }

  protected async loadRevocations(): Promise<RevocationFeed> {
    const [items, sessions] = await Promise.all([this.credentials.recentRotations(), this.sessions.recentlyEnded()]);
    return { items, sessions };
  }

  protected loadAccess(query: CompanyAccessQuery): Promise<boolean> {
    return this.workspaces.canActFor(query.organizationId, query.workspaceId, query.companyId);
  }
}
