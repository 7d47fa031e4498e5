import { Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOperation } from '@nestjs/swagger';
import { normalizeIp } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { SERVICES } from '@platform/contracts';
import {
  ApiEnvelope,
  ApiErrors,
  ApiTag,
  Authenticated,
  clientIdRefusal,
  CurrentPrincipal,
  Environment,
  FILE_LINK_DOWNLOADS,
  WEBHOOK_RETRIES,
  headerValue,
  PLANS,
  PLATFORM_CLIENT_ID,
  PlatformException,
  Principal,
  Public,
  RateLimitStore,
  SuccessMessage,
} from '@platform/pipeline';
import { environmentOfKey, keyHashOf } from '../credentials/credential-secrets';
import { credentialView, minimumSecretVersion } from '../credentials/developer-credential.entity';
import { CredentialsService, rateLimitsOf } from '../credentials/credentials.service';
import { LocalIdentitySource } from '../identity/local-identity.source';
import { PeriodUsage } from '../request-log/period-usage.service';
import { TokensService } from '../tokens/tokens.service';
import {
  CurrentAuthorizationView,
  IssuedTokenView,
  RotatedSecretView,
  RotateSecretQueryDto,
  SecretRotatedEventView,
  UsageView,
} from './dto/authorize-views.dto';

const PRODUCTS = Object.values(SERVICES).map((service) => service.product);

const TOKEN_DESCRIPTION = [
  'Failed exchanges are limited per client address (`TOKEN_FAILURES_PER_ADDRESS`, 30 by default; an IPv6 address by its /64)',
  'and per key (`TOKEN_FAILURES_PER_KEY`, 10) over a window (`TOKEN_FAILURE_WINDOW_SECONDS`, 15 minutes).',
  'An address at its limit is answered 429 `RATE_LIMIT_EXCEEDED` without its secret being checked, right or wrong, until the window ends;',
  'exchanges in progress count towards both limits until they succeed.',
  'A key at its limit keeps accepting its right secret from any address within its limit: others guessing at a key never lock its owner out.',
  'Past that limit a wrong secret for the key is answered 429 rather than 401.',
].join(' ');

@ApiTag('Authorization', 'Exchanging a key and secret for a token, the plan and usage of the credential, and rotating its secret.')
@Controller('authorize')
export class AuthorizeController {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly tokens: TokensService,
    private readonly identity: LocalIdentitySource,
    private readonly store: RateLimitStore,
    private readonly periodUsage: PeriodUsage,
    @Inject(Environment) private readonly env: Environment,
  ) {}

  /**
   * Exchanges a key and secret for a 15-minute token. Every exchange counts as a failure of its
   * client address and of its key before the secret is checked, in one atomic step, and gives
   * that back when the secret is right: concurrent guesses never get more checks than the limits.
   * An address at its limit gets no check at all: that bounds guessing. A key at its limit still
   * has its right secret accepted, so that guessing at a key cannot lock its owner out.
   */
  @Post('token')
  @Public()
  @HttpCode(200)
  @SuccessMessage('tokenIssued')
  @ApiOperation({ summary: 'Exchange a key and secret for an access token', description: TOKEN_DESCRIPTION })
  @ApiHeader({
    name: 'X-Platform-Api-Key',
    required: true,
    description: 'The API key (`pk_sandbox_…` or `pk_production_…`).',
    schema: { type: 'string', minLength: 1, example: 'pk_sandbox_3f9a…' },
  })
  @ApiHeader({
    name: 'X-Platform-Api-Secret',
    required: true,
    description: 'The API secret, shown once at creation or rotation.',
    schema: { type: 'string', minLength: 1, example: 'sk_sandbox_…' },
  })
  @ApiHeader({ name: 'X-Platform-Client-Id', required: true, schema: { type: 'string', enum: [PLATFORM_CLIENT_ID] } })
  @ApiEnvelope(200, IssuedTokenView, 'The access token, valid 15 minutes.')
  @ApiErrors('DEVELOPER_KEYS_INVALID', 'CLIENT_ID_INVALID', 'RATE_LIMIT_EXCEEDED')
  async token(@Req() request: FastifyRequest) {
    const clientId = headerValue(request, 'x-platform-client-id');
    if (clientId !== PLATFORM_CLIENT_ID) throw clientIdRefusal(clientId);
    const apiKey = headerValue(request, 'x-platform-api-key') ?? '';
    const apiSecret = headerValue(request, 'x-platform-api-secret') ?? '';
    if (!apiKey) throw new PlatformException('DEVELOPER_KEYS_INVALID', { reason: 'keyMissing' });
    if (!apiSecret) throw new PlatformException('DEVELOPER_KEYS_INVALID', { reason: 'secretMissing' });
    const keyEnvironment = environmentOfKey(apiKey);
    if (keyEnvironment && keyEnvironment !== this.env.PLATFORM_ENVIRONMENT) {
      throw new PlatformException('DEVELOPER_KEYS_INVALID', {
        reason: 'environment',
        params: { keyEnvironment, deploymentEnvironment: this.env.PLATFORM_ENVIRONMENT },
      });
    }
    const keyHash = keyHashOf(apiKey);
    const counters = [
      // an IPv6 client commonly holds a whole /64: it counts as one address
      { key: `auth-fail:ip:${normalizeIp(request.ip)}`, limit: this.env.TOKEN_FAILURES_PER_ADDRESS },
      { key: `auth-fail:key:${keyHash}`, limit: this.env.TOKEN_FAILURES_PER_KEY },
    ];
    const counted = await this.store.countWithinLimits(counters, this.env.TOKEN_FAILURE_WINDOW_SECONDS * 1000);
    if (counted === 0) throw PlatformException.tooManyRequests(this.env.TOKEN_FAILURE_WINDOW_SECONDS);

    const countedKeys = counters.slice(0, counted).map((counter) => counter.key);
    const check = apiKey && apiSecret ? this.credentials.verify(keyHash, apiSecret) : Promise.resolve(null);
    const verified = await check.catch(async (error: unknown) => {
      // a check that could not be made is no failure of the caller's
      await this.store.releaseCounts(countedKeys);
      throw error;
    });
    if (verified) {
      await this.store.releaseCounts(countedKeys);
      this.credentials.markUsed(verified.credential.id);
      return this.tokens.issue(verified);
    }
    if (counted < counters.length) throw PlatformException.tooManyRequests(this.env.TOKEN_FAILURE_WINDOW_SECONDS);
    throw new PlatformException('DEVELOPER_KEYS_INVALID');
  }

  @Get('current')
  @Authenticated()
  @ApiOperation({ summary: 'Read the credential, its organization, plan and rate limits' })
  @ApiEnvelope(200, CurrentAuthorizationView, 'The caller’s organization, credential, plan and `rateLimits`.')
  async current(@CurrentPrincipal() principal: Principal) {
    const { credential, organization } = await this.credentials.findWithOrganization(principal.credentialId);
    const plan = PLANS[organization.plan];
    return {
      organization: { id: organization.id, name: organization.name, createdAt: organization.createdAt },
      credential: credentialView(credential),
      plan: { id: plan.id, name: plan.name, environment: plan.environment, price: plan.price },
      rateLimits: rateLimitsOf(organization),
    };
  }

  @Get('usage')
  @Authenticated()
  @ApiOperation({
    summary: 'Read the usage of the current 30-day period',
    description:
      'The usage of the organization, whichever of its keys asks: its keys share one burst and one monthly quota per product, and its people’s requests on routes keys serve too (webhooks) count in the quota.',
  })
  @ApiEnvelope(
    200,
    UsageView,
    'API requests of the organization in the current 30-day period, per product and in total, webhook retries used, and downloads of public files through their signed links (`fileLinkDownloads`, not counted in the quota).',
  )
  async usage(@CurrentPrincipal() principal: Principal) {
    const { organization } = await this.credentials.findWithOrganization(principal.credentialId);
    const { period, limits, counted } = await this.periodUsage.of(organization);
    const webhookRetries = counted[WEBHOOK_RETRIES] ?? 0;
    const byProduct = Object.fromEntries(PRODUCTS.map((product) => [product, counted[product] ?? 0]));
    return {
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      apiRequests: {
        total: Object.values(byProduct).reduce((sum, count) => sum + count, 0),
        byProduct,
        monthlyQuotaPerProduct: limits.monthlyQuota,
      },
      webhookRetries: {
        used: webhookRetries,
        included: limits.webhookRetries,
        overage: limits.webhookRetries === null ? 0 : Math.max(0, webhookRetries - limits.webhookRetries),
      },
      fileLinkDownloads: { used: counted[FILE_LINK_DOWNLOADS] ?? 0 },
    };
  }

  @Post('rotate-secret')
  @Authenticated('credentials:write')
  @HttpCode(200)
  @SuccessMessage('secretRotated')
  @ApiOperation({
    summary: 'Rotate the credential’s secret',
    description: 'Needs `credentials:write`: a credential narrowed to product scopes cannot lock out whoever uses its secret.',
  })
  // the event this rotation records (the webhook catalogue publishes its shape from this document)
  @ApiExtraModels(SecretRotatedEventView)
  @ApiEnvelope(
    200,
    RotatedSecretView,
    '`data.apiSecret` is the new secret, shown once. The old secret and every token minted with it stop working at once, or when `graceSeconds` run out.',
  )
  async rotateSecret(@CurrentPrincipal() principal: Principal, @Query() query: RotateSecretQueryDto) {
    const { credential, apiSecret } = await this.credentials.rotateSecret(principal.credentialId, query.graceSeconds ?? 0);
    this.identity.revoked(credential.id, minimumSecretVersion(credential));
    return {
      apiKeyPrefix: credential.keyPrefix,
      apiSecret,
      secretVersion: credential.secretVersion,
      rotatedAt: credential.secretRotatedAt,
      previousSecretExpiresAt: credential.previousSecretExpiresAt,
    };
  }
}
