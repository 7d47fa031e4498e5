import { Inject, Injectable } from '@nestjs/common';
import { Environment, PLANS, PlatformException, Scope } from '@platform/pipeline';
import { CredentialsService } from '../credentials/credentials.service';
import { credentialView, DeveloperCredential, minimumSecretVersion } from '../credentials/developer-credential.entity';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { Actor, AuditService } from '../audit/audit.service';

function keyView(credential: DeveloperCredential) {
  return { ...credentialView(credential), revokedAt: credential.revokedAt };
}

/** An organization's API keys as its members manage them in the dashboard, each change in the audit log. */
@Injectable()
export class KeysService {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly identity: LocalIdentitySource,
    private readonly audit: AuditService,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  async list(organizationId: string) {
    return (await this.credentials.list(organizationId)).map(({ credential }) => keyView(credential));
  }

  async create(actor: Actor, organizationId: string, input: { name: string; scopes?: Scope[] }) {
    const organization = await this.credentials.findOrganization(organizationId);
    // free access is sandbox only: a production deployment issues no key to a developer-sandbox organization
    if (this.env.PLATFORM_ENVIRONMENT === 'production' && PLANS[organization.plan].environment === 'sandbox') {
      throw PlatformException.validation({ plan: [`the ${organization.plan} plan is for the sandbox environment only: choose a production plan first`] });
    }
    const issued = await this.credentials.createCredential(organizationId, input, (manager, credential) =>
      this.audit.record(manager, actor, {
        organizationId,
        action: 'key.created',
        targetType: 'key',
        targetId: credential.id,
        data: { name: credential.name, keyPrefix: credential.keyPrefix, scopes: credential.scopes.split(' ') },
      }),
    );
    const { credential } = await this.credentials.findWithOrganization(issued.credentialId);
    return { ...keyView(credential), apiKey: issued.apiKey, apiSecret: issued.apiSecret };
  }

  async roll(actor: Actor, organizationId: string, keyId: string, graceSeconds: number) {
    await this.owned(organizationId, keyId);
    const { credential, apiSecret } = await this.credentials.rotateSecret(keyId, graceSeconds, (manager, rotated) =>
      this.audit.record(manager, actor, {
        organizationId,
        action: 'key.secret_rolled',
        targetType: 'key',
        targetId: keyId,
        data: { secretVersion: rotated.secretVersion, previousSecretExpiresAt: rotated.previousSecretExpiresAt },
      }),
    );
    this.identity.revoked(credential.id, minimumSecretVersion(credential));
    return { ...keyView(credential), apiSecret };
  }

  async revoke(actor: Actor, organizationId: string, keyId: string) {
    await this.owned(organizationId, keyId);
    const credential = await this.credentials.revoke(keyId, (manager, revoked) =>
      this.audit.record(manager, actor, {
        organizationId,
        action: 'key.revoked',
        targetType: 'key',
        targetId: keyId,
        data: { name: revoked.name, keyPrefix: revoked.keyPrefix },
      }),
    );
    this.identity.revoked(credential.id, credential.secretVersion);
    return keyView(credential);
  }

  /** Another organization's key is not found, as a key that does not exist. */
  private async owned(organizationId: string, keyId: string): Promise<void> {
    const found = await this.credentials.findInOrganization(organizationId, keyId);
    if (!found) throw new PlatformException('CREDENTIAL_NOT_FOUND');
  }
}
