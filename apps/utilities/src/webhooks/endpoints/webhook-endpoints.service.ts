import { Inject, Injectable } from '@nestjs/common';
import { Environment, Page, PageQueryDto, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { CreateWebhookEndpointDto, DEFAULT_GRACE_SECONDS, EndpointStatus, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { checkEndpointUrl } from '../transport/network-guard';
import { AlertRecipients } from '../clients/alert-recipients.client';
import { newSigningSecret, SigningSecretCipher } from './signing-secret-cipher';
import { EndpointDisabledReason, WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

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
    private readonly endpoints: WebhookEndpointsRepository,
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
      await this.endpoints.lockCompanyEndpoints(owner.companyId, manager);
      if ((await this.endpoints.countEndpoints(owner.companyId, manager)) >= MAX_ENDPOINTS_PER_COMPANY) {
        throw new PlatformException('WEBHOOK_ENDPOINT_LIMIT_REACHED', {
          params: { limit: MAX_ENDPOINTS_PER_COMPANY },
          details: { limit: MAX_ENDPOINTS_PER_COMPANY },
        });
      }
      const saved = await this.endpoints.insertEndpoint(
        owner.companyId,
        {
          organizationId: owner.organizationId,
          createdByCredentialId: owner.credentialId,
          createdByPeriodAnchor: owner.periodAnchor,
          alertEmail,
          url: input.url,
          description: input.description ?? null,
          eventTypes: input.eventTypes ?? [],
        },
        manager,
      );
      await this.endpoints.insertSecret(owner.companyId, saved.id, this.cipher.seal(secret, saved.id), manager);
      return saved;
    });
    return { ...endpointView(endpoint), secret };
  }

  /** The company's endpoints, newest first. */
  async list(companyId: string, query: PageQueryDto): Promise<Page<EndpointView>> {
    const page = await this.endpoints.listEndpointsPage(companyId, query);
    return { ...page, items: page.items.map(endpointView) };
  }

  async get(companyId: string, id: string): Promise<EndpointView> {
    const endpoint = await this.endpoints.findEndpoint(companyId, id);
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
      if (!(await this.endpoints.updateEndpoint(companyId, id, changes))) throw notFound();
    }
    return this.get(companyId, id);
  }

  /**
   * Stops (or resumes) deliveries to the endpoint. Disabling one already disabled keeps its
   * reason and time (a receiver that answered 410 stays `gone`); enabling clears both.
   */
  async setEnabled(companyId: string, id: string, enabled: boolean): Promise<EndpointView> {
    if (enabled) await this.endpoints.enableEndpoint(companyId, id);
    else await this.endpoints.disableEndpointByHand(companyId, id);
    return this.get(companyId, id);
  }

  /** Deletes the endpoint and its secrets: no delivery is made to it any more. */
  async remove(companyId: string, id: string): Promise<void> {
    if (!(await this.endpoints.deleteEndpoint(companyId, id))) throw notFound();
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
      if (!(await this.endpoints.lockEndpoint(companyId, id, manager))) throw notFound();
      const until = await this.endpoints.expireSecrets(companyId, id, graceSeconds, manager);
      await this.endpoints.prunePreviousSecrets(companyId, id, MAX_PREVIOUS_SECRETS, manager);
      await this.endpoints.insertSecret(companyId, id, this.cipher.seal(secret, id), manager);
      return { id, secret, previousSecretsExpireAt: until };
    });
  }

  /** The secrets a delivery is signed with, decrypted: the current one first, then the previous
   * ones still in their grace, newest first. Expired ones found on the way are removed.
   */
  async signingSecrets(endpointId: string): Promise<string[]> {
    const rows = await this.endpoints.secretsAcrossCompanies(endpointId);
    const expired = rows.filter((row) => row.expired).map((row) => row.id);
    if (expired.length) await this.endpoints.deleteSecretsAcrossCompanies(expired);
    return rows.filter((row) => !row.expired).map((row) => this.cipher.open(row.sealedSecret, endpointId));
  }

  /** The organization the endpoint belongs to (whose members may receive its alerts). */
  private async organizationOf(companyId: string, id: string): Promise<string> {
    const organizationId = await this.endpoints.organizationOf(companyId, id);
    if (organizationId === null) throw notFound();
    return organizationId;
  }

  /** Where every URL of an endpoint is checked before it is stored (creation and change). */
  private checkUrl(url: string): Promise<void> {
    return checkEndpointUrl(url, this.env);
  }
}
