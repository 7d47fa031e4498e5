import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Environment, findPage, Page, PageQueryDto, PlatformException, Transactions } from '@platform/common';
import { CreateWebhookEndpointDto, DEFAULT_GRACE_SECONDS, EndpointStatus, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { checkEndpointUrl } from '../transport/network-guard';
import { AlertRecipients } from '../clients/alert-recipients.client';
import { newSigningSecret, SigningSecretCipher } from './signing-secret-cipher';
import { EndpointDisabledReason, WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointSecret } from './webhook-endpoint-secret.entity';

/** Endpoints one company may have: each event is delivered to every matching one. */
export const MAX_ENDPOINTS_PER_COMPANY = 20;
/**
 * Previous secrets kept signing beside the current one, however many rotations happen within
 * their grace: every delivery carries one signature per secret.
 */
export const MAX_PREVIOUS_SECRETS = 3;

/** Who creates an endpoint: its company, and the caller, whose credential later deliveries are metered on. */
export interface EndpointOwner {
  companyId: string;
  organizationId: string;
  credentialId: string;
  /** The credential's quota period anchor (Principal.periodAnchor). */
  periodAnchor: number;
}

export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  alertEmail: string | null;
  status: EndpointStatus;
  disabledAt: Date | null;
  disabledReason: EndpointDisabledReason | null;
  createdAt: Date;
  updatedAt: Date;
}

export function endpointView(endpoint: WebhookEndpoint): EndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    alertEmail: endpoint.alertEmail,
    status: endpoint.disabledAt ? 'disabled' : 'enabled',
    disabledAt: endpoint.disabledAt,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

const notFound = () => new PlatformException('WEBHOOK_ENDPOINT_NOT_FOUND');

/**
 * A company's webhook endpoints and their signing secrets. Every query of the API names the
 * company, so another company's endpoint is answered as unknown. Secrets are stored encrypted
 * and answered only when made (creation, rotation); deliveries read them through
 * `signingSecrets`.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly cipher: SigningSecretCipher,
    @Inject(Environment) private readonly env: Environment,
    private readonly alertRecipients: AlertRecipients,
  ) {}

  /**
   * The endpoint and its first secret in one transaction, under a lock of the company's
   * endpoints so that concurrent creations cannot pass the cap together. The alert address must
   * be a verified member's of the caller's organization.
   */
  async create(owner: EndpointOwner, input: CreateWebhookEndpointDto): Promise<EndpointView & { secret: string }> {
    await this.checkUrl(input.url);
    const alertEmail = input.alertEmail ? await this.alertRecipients.admit(owner.organizationId, input.alertEmail) : null;
    const secret = newSigningSecret();
    const endpoint = await this.transactions.run(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook-endpoints:${owner.companyId}`]);
      if ((await manager.countBy(WebhookEndpoint, { companyId: owner.companyId })) >= MAX_ENDPOINTS_PER_COMPANY) {
        throw new PlatformException('WEBHOOK_ENDPOINT_LIMIT_REACHED', {
          params: { limit: MAX_ENDPOINTS_PER_COMPANY },
          details: { limit: MAX_ENDPOINTS_PER_COMPANY },
        });
      }
      const saved = await manager.save(
        manager.create(WebhookEndpoint, {
          companyId: owner.companyId,
          organizationId: owner.organizationId,
          createdByCredentialId: owner.credentialId,
          createdByPeriodAnchor: owner.periodAnchor,
          alertEmail,
          url: input.url,
          description: input.description ?? null,
          eventTypes: input.eventTypes ?? [],
          disabledAt: null,
          disabledReason: null,
        }),
      );
      await manager.insert(WebhookEndpointSecret, { endpointId: saved.id, sealedSecret: this.cipher.seal(secret, saved.id), expiresAt: null });
      return saved;
    });
    return { ...endpointView(endpoint), secret };
  }

  /** The company's endpoints, newest first. */
  list(companyId: string, query: PageQueryDto): Promise<Page<EndpointView>> {
    return findPage(this.dataSource.getRepository(WebhookEndpoint), { companyId }, { createdAt: 'DESC', id: 'DESC' }, query, (rows) => rows.map(endpointView));
  }

  async get(companyId: string, id: string): Promise<EndpointView> {
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOneBy({ companyId, id });
    if (!endpoint) throw notFound();
    return endpointView(endpoint);
  }

  /** Changes the fields sent; the URL and the alert address are checked as at creation. */
  async update(companyId: string, id: string, input: UpdateWebhookEndpointDto): Promise<EndpointView> {
    if (input.url !== undefined) await this.checkUrl(input.url);
    const changes: Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'eventTypes' | 'alertEmail'>> = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.description !== undefined) changes.description = input.description;
    if (input.eventTypes !== undefined) changes.eventTypes = input.eventTypes;
    if (input.alertEmail === null) changes.alertEmail = null;
    else if (input.alertEmail !== undefined) changes.alertEmail = await this.alertRecipients.admit(await this.organizationOf(companyId, id), input.alertEmail);
    if (Object.keys(changes).length) {
      const result = await this.dataSource.getRepository(WebhookEndpoint).update({ companyId, id }, changes);
      if (!result.affected) throw notFound();
    }
    return this.get(companyId, id);
  }

  /**
   * Stops (or resumes) deliveries to the endpoint. Disabling one already disabled keeps its
   * reason and time (a receiver that answered 410 stays `gone`); enabling clears both.
   */
  async setEnabled(companyId: string, id: string, enabled: boolean): Promise<EndpointView> {
    const update = this.dataSource.createQueryBuilder().update(WebhookEndpoint).where('id = :id AND company_id = :companyId', { id, companyId });
    if (enabled) await update.set({ disabledAt: null, disabledReason: null, failingSince: null }).andWhere('disabled_at IS NOT NULL').execute();
    else
      await update
        .set({ disabledAt: () => 'now()', disabledReason: 'manual' })
        .andWhere('disabled_at IS NULL')
        .execute();
    return this.get(companyId, id);
  }

  /** Deletes the endpoint and its secrets: no delivery is made to it any more. */
  async remove(companyId: string, id: string): Promise<void> {
    const result = await this.dataSource.getRepository(WebhookEndpoint).delete({ companyId, id });
    if (!result.affected) throw notFound();
  }

  /**
   * A new current secret. The previous ones keep signing for `graceSeconds` more (0: they are
   * removed at once), never longer than they were already due to; only the newest
   * MAX_PREVIOUS_SECRETS of them are kept. The endpoint's row lock serializes rotations.
   */
  async rotateSecret(
    companyId: string,
    id: string,
    graceSeconds: number = DEFAULT_GRACE_SECONDS,
  ): Promise<{ id: string; secret: string; previousSecretsExpireAt: Date }> {
    const secret = newSigningSecret();
    return this.transactions.run(async (manager) => {
      if (!(await this.transactions.lockOne(manager, WebhookEndpoint, companyId, id))) throw notFound();
      const [{ until }] = (await manager.query('SELECT now() + make_interval(secs => $1) AS until', [graceSeconds])) as { until: Date }[];
      await manager
        .createQueryBuilder()
        .update(WebhookEndpointSecret)
        .set({ expiresAt: until })
        .where('endpoint_id = :id AND (expires_at IS NULL OR expires_at > :until)', { id, until })
        .execute();
      const kept = await manager
        .createQueryBuilder(WebhookEndpointSecret, 'secret')
        .select('secret.id', 'id')
        .where('secret.endpointId = :id AND secret.expiresAt > now()', { id })
        .orderBy('secret.createdAt', 'DESC')
        .addOrderBy('secret.id', 'DESC')
        .limit(MAX_PREVIOUS_SECRETS)
        .getRawMany<{ id: string }>();
      await manager
        .createQueryBuilder()
        .delete()
        .from(WebhookEndpointSecret)
        .where('endpoint_id = :id AND NOT (id = ANY(:kept))', { id, kept: kept.map((row) => row.id) })
        .execute();
      await manager.insert(WebhookEndpointSecret, { endpointId: id, sealedSecret: this.cipher.seal(secret, id), expiresAt: null });
      return { id, secret, previousSecretsExpireAt: until };
    });
  }

  /** The secrets a delivery is signed with, decrypted: the current one first, then the previous
   * ones still in their grace, newest first. Expired ones found on the way are removed.
   */
  async signingSecrets(endpointId: string): Promise<string[]> {
    const rows = await this.dataSource
      .createQueryBuilder(WebhookEndpointSecret, 'secret')
      .select('secret.id', 'id')
      .addSelect('secret.sealedSecret', 'sealedSecret')
      .addSelect('secret.expiresAt IS NOT NULL AND secret.expiresAt <= now()', 'expired')
      .where('secret.endpointId = :endpointId', { endpointId })
      .orderBy('secret.expiresAt IS NULL', 'DESC')
      .addOrderBy('secret.createdAt', 'DESC')
      .addOrderBy('secret.id', 'DESC')
      .getRawMany<{ id: string; sealedSecret: string; expired: boolean }>();
    const expired = rows.filter((row) => row.expired).map((row) => row.id);
    if (expired.length) await this.dataSource.getRepository(WebhookEndpointSecret).delete({ id: In(expired) });
    return rows.filter((row) => !row.expired).map((row) => this.cipher.open(row.sealedSecret, endpointId));
  }

  /** The organization the endpoint belongs to (whose members may receive its alerts). */
  private async organizationOf(companyId: string, id: string): Promise<string> {
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOne({ where: { companyId, id }, select: { id: true, organizationId: true } });
    if (!endpoint) throw notFound();
    return endpoint.organizationId;
  }

  /** Where every URL of an endpoint is checked before it is stored (creation and change). */
  private checkUrl(url: string): Promise<void> {
    return checkEndpointUrl(url, this.env);
  }
}
