import { Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  Authenticated,
  CurrentPrincipal,
  Environment,
  FILE_LINK_DOWNLOADS,
  headerValue,
  PLANS,
  PLATFORM_CLIENT_ID,
  PlatformException,
  Principal,
  Public,
  quotaPeriod,
  RateLimitStore,
  SERVICES,
  SuccessMessage,
} from '@platform/common';
import { keyHashOf } from '../credentials/credential-secrets';
import { CredentialsService, rateLimitsOf } from '../credentials/credentials.service';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { TokensService } from './tokens.service';

const PRODUCTS = Object.values(SERVICES).map((service) => service.product);

@ApiTags('Authorization')
@Controller('authorize')
export class AuthorizeController {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly tokens: TokensService,
    private readonly identity: LocalIdentitySource,
    private readonly store: RateLimitStore,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * Exchanges a key and secret for a 15-minute token. Failed exchanges are counted per key and
   * per client address; past the limit the caller gets 429 until the window ends.
   */
  @Post('token')
  @Public()
  @HttpCode(200)
  @SuccessMessage('tokenIssued')
  @ApiHeader({ name: 'X-Platform-Api-Key', required: true })
  @ApiHeader({ name: 'X-Platform-Api-Secret', required: true })
  @ApiHeader({ name: 'X-Platform-Client-Id', required: true, description: '`platform-developer`' })
  @ApiOkResponse({ description: '`data`: `{ accessToken, tokenType: "Bearer", expiresIn, expiresAt, scope, plan }`' })
  @ApiUnauthorizedResponse({ description: 'DEVELOPER_KEYS_INVALID or CLIENT_ID_INVALID' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_EXCEEDED after too many failed exchanges' })
  async token(@Req() request: FastifyRequest) {
    if (headerValue(request, 'x-platform-client-id') !== PLATFORM_CLIENT_ID) throw new PlatformException('CLIENT_ID_INVALID');
    const apiKey = headerValue(request, 'x-platform-api-key') ?? '';
    const apiSecret = headerValue(request, 'x-platform-api-secret') ?? '';
    const keyHash = keyHashOf(apiKey);
    const keyCounter = `auth-fail:key:${keyHash}`;
    const addressCounter = `auth-fail:ip:${request.ip}`;
    const windowMs = this.env.TOKEN_FAILURE_WINDOW_SECONDS * 1000;

    const [keyFailures, addressFailures] = await this.store.peek([keyCounter, addressCounter]);
    if (keyFailures >= this.env.TOKEN_FAILURES_PER_KEY || addressFailures >= this.env.TOKEN_FAILURES_PER_ADDRESS) {
      throw PlatformException.tooManyRequests(this.env.TOKEN_FAILURE_WINDOW_SECONDS);
    }

    const verified = apiKey && apiSecret ? await this.credentials.verify(keyHash, apiSecret) : null;
    if (!verified) {
      await Promise.all([
        this.store.increment(keyCounter, windowMs, this.env.TOKEN_FAILURES_PER_KEY, windowMs, 'token-key'),
        this.store.increment(addressCounter, windowMs, this.env.TOKEN_FAILURES_PER_ADDRESS, windowMs, 'token-address'),
      ]);
      throw new PlatformException('DEVELOPER_KEYS_INVALID');
    }
    return this.tokens.issue(verified);
  }

  @Get('current')
  @Authenticated()
  @ApiOkResponse({ description: 'The caller’s organization, credential, plan and `rateLimits`.' })
  async current(@CurrentPrincipal() principal: Principal) {
    const { credential, organization } = await this.credentials.findWithOrganization(principal.credentialId);
    const plan = PLANS[organization.plan];
    return {
      organization: { id: organization.id, name: organization.name, createdAt: organization.createdAt },
      credential: {
        id: credential.id,
        keyPrefix: credential.keyPrefix,
        environment: credential.environment,
        scopes: credential.scopes.split(' '),
        secretRotatedAt: credential.secretRotatedAt,
        createdAt: credential.createdAt,
      },
      plan: { id: plan.id, name: plan.name, environment: plan.environment, price: plan.price },
      rateLimits: rateLimitsOf(organization),
    };
  }

  @Get('usage')
  @Authenticated()
  @ApiOkResponse({ description: 'API requests of the current 30-day period, per product and in total, webhook retries used, and downloads of public files through their signed links (`fileLinkDownloads`, not counted in the quota).' })
  async usage(@CurrentPrincipal() principal: Principal) {
    const { organization } = await this.credentials.findWithOrganization(principal.credentialId);
    const limits = rateLimitsOf(organization);
    const period = quotaPeriod(Math.floor(organization.createdAt.getTime() / 1000));
    const [counted, webhookRetries] = await Promise.all([
      this.store.usage(principal.credentialId, period.index),
      this.store.webhookRetries(principal.credentialId, period.index),
    ]);
    const byProduct = Object.fromEntries(PRODUCTS.map((product) => [product, counted[product] ?? 0]));
    return {
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      apiRequests: {
        total: Object.values(byProduct).reduce((sum, count) => sum + count, 0),
        byProduct,
        monthlyQuotaPerProduct: limits.monthlyQuota,
      },
      webhookRetries: { used: webhookRetries, included: limits.webhookRetries },
      fileLinkDownloads: { used: counted[FILE_LINK_DOWNLOADS] ?? 0 },
    };
  }

  @Post('rotate-secret')
  @Authenticated()
  @HttpCode(200)
  @SuccessMessage('secretRotated')
  @ApiOkResponse({ description: '`data.apiSecret` is the new secret, shown once. The old secret and every token minted with it stop working.' })
  async rotateSecret(@CurrentPrincipal() principal: Principal) {
    const { credential, apiSecret } = await this.credentials.rotateSecret(principal.credentialId);
    this.identity.revoked(credential.id, credential.secretVersion);
    return { apiKeyPrefix: credential.keyPrefix, apiSecret, secretVersion: credential.secretVersion, rotatedAt: credential.secretRotatedAt };
  }
}
