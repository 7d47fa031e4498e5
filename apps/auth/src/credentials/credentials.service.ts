import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { Environment, PlanId, PLANS, PlatformException, RateLimits, readOrCreateSecretFile, randomToken, Scope, SCOPES, Transactions } from '@platform/common';
import { Organization } from '../organizations/organization.entity';
import { DeveloperCredential } from './developer-credential.entity';
import { generateApiKey, generateApiSecret, hashSecret, keyHashOf, keyPrefixOf, secretMatches } from './credential-secrets';

export interface NewDeveloper {
  organizationName: string;
  plan: PlanId;
  scopes?: Scope[];
  burstPerSecond?: number;
  monthlyQuota?: number;
  webhookRetries?: number;
}

export interface IssuedCredentials {
  organizationId: string;
  credentialId: string;
  apiKey: string;
  apiSecret: string;
  plan: PlanId;
}

/** Tokens live 15 minutes: a rotation older than that can no longer revoke anything. */
export const REVOCATION_HORIZON_MS = 20 * 60_000;

@Injectable()
export class CredentialsService {
  private readonly pepper: string;

  constructor(
    @InjectRepository(DeveloperCredential) private readonly credentials: Repository<DeveloperCredential>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly transactions: Transactions,
    @Inject(Environment) env: Environment,
  ) {
    this.pepper = env.SECRET_PEPPER ?? readOrCreateSecretFile(env.DATA_DIR, 'secret-pepper', () => randomToken(32));
  }

  async createDeveloper(input: NewDeveloper): Promise<IssuedCredentials> {
    const plan = PLANS[input.plan];
    const negotiated = input.plan === 'api-enterprise';
    if (!negotiated && (input.burstPerSecond !== undefined || input.monthlyQuota !== undefined || input.webhookRetries !== undefined)) {
      throw PlatformException.validation({ plan: ['custom limits are negotiated for api-enterprise only'] });
    }
    const apiKey = generateApiKey(plan.environment);
    const apiSecret = generateApiSecret(plan.environment);
    return this.transactions.run(async (manager) => {
      const organization = await manager.save(
        manager.create(Organization, {
          name: input.organizationName,
          plan: input.plan,
          burstPerSecond: negotiated ? input.burstPerSecond ?? null : null,
          monthlyQuota: negotiated ? input.monthlyQuota ?? null : null,
          webhookRetries: negotiated ? input.webhookRetries ?? null : null,
        }),
      );
      const credential = await manager.save(
        manager.create(DeveloperCredential, {
          organizationId: organization.id,
          keyHash: keyHashOf(apiKey),
          keyPrefix: keyPrefixOf(apiKey),
          secretHash: hashSecret(this.pepper, apiSecret),
          secretVersion: 1,
          secretRotatedAt: null,
          environment: plan.environment,
          scopes: (input.scopes ?? [...SCOPES]).join(' '),
        }),
      );
      return { organizationId: organization.id, credentialId: credential.id, apiKey, apiSecret, plan: input.plan };
    });
  }

  /** The credential and organization for a key and secret, or null. Always spends one hash. */
  async verify(apiKey: string, apiSecret: string): Promise<{ credential: DeveloperCredential; organization: Organization } | null> {
    // one round trip: the credential and its organization together
    const row = await this.credentials
      .createQueryBuilder('credential')
      .innerJoinAndMapOne('credential.organization', Organization, 'organization', 'organization.id = credential.organizationId')
      .where('credential.keyHash = :keyHash', { keyHash: keyHashOf(apiKey) })
      .getOne();
    const credential = row as (DeveloperCredential & { organization: Organization }) | null;
    const matches = secretMatches(this.pepper, apiSecret, credential?.secretHash ?? '0'.repeat(64));
    if (!credential || !matches) return null;
    return { credential, organization: credential.organization };
  }

  async findWithOrganization(credentialId: string): Promise<{ credential: DeveloperCredential; organization: Organization }> {
    const credential = await this.credentials.findOneByOrFail({ id: credentialId });
    const organization = await this.organizations.findOneByOrFail({ id: credential.organizationId });
    return { credential, organization };
  }

  /** New secret, returned once; the old one stops working at once and its tokens are revoked. */
  async rotateSecret(credentialId: string): Promise<{ credential: DeveloperCredential; apiSecret: string }> {
    return this.transactions.run(async (manager) => {
      const credential = await manager.findOneOrFail(DeveloperCredential, {
        where: { id: credentialId },
        ...(this.transactions.postgres ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      });
      const apiSecret = generateApiSecret(credential.environment);
      credential.secretHash = hashSecret(this.pepper, apiSecret);
      credential.secretVersion += 1;
      credential.secretRotatedAt = new Date();
      await manager.save(credential);
      return { credential, apiSecret };
    });
  }

  /** Credentials rotated within the token lifetime, with the oldest secret version still valid. */
  async recentRotations(): Promise<{ credentialId: string; minimumSecretVersion: number }[]> {
    const rows = await this.credentials.find({
      select: { id: true, secretVersion: true },
      where: { secretRotatedAt: MoreThan(new Date(Date.now() - REVOCATION_HORIZON_MS)) },
    });
    return rows.map((row) => ({ credentialId: row.id, minimumSecretVersion: row.secretVersion }));
  }
}

export function rateLimitsOf(organization: Organization): RateLimits {
  const plan = PLANS[organization.plan].rateLimits;
  return {
    burstPerSecond: organization.burstPerSecond ?? plan.burstPerSecond,
    monthlyQuota: organization.monthlyQuota ?? plan.monthlyQuota,
    webhookRetries: organization.webhookRetries ?? plan.webhookRetries,
  };
}
