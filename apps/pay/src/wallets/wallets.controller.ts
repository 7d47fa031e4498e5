import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiExtraModels, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/common';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HEADER_DESCRIPTION, IdempotencyKeyHeader, REPLAYED_HEADER, REPLAYED_RESPONSE_HEADERS } from '../idempotency/idempotency';
import { respond } from '../idempotency/replay';
import { CreateWalletDto, CreditWalletDto, ListWalletsQueryDto } from './dto/wallet.dto';
import { Wallet } from './wallet.entity';
import { WalletTransaction } from './wallet-transaction.entity';
import { WalletsService } from './wallets.service';

const walletId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WALLET_NOT_FOUND') });
const walletSchema = { allOf: [{ $ref: getSchemaPath(Wallet) }, { properties: { available: { type: 'integer', description: 'balance − held: what a new payment may take.' } } }] };

@ApiTags('Wallets')
@ApiExtraModels(Wallet, WalletTransaction)
@Controller('wallets')
export class WalletsController {
  constructor(private readonly wallets: WalletsService) {}

  @Post()
  @Authenticated('pay:write')
  @ApiCreatedResponse({ description: 'An empty wallet in one currency.', schema: walletSchema })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateWalletDto) {
    return this.wallets.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('pay:read')
  @ApiOkResponse({ description: 'The company’s wallets, newest first: `{ items, page, limit, total }`.' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListWalletsQueryDto) {
    return this.wallets.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('pay:read')
  @ApiOkResponse({ schema: walletSchema })
  @ApiNotFoundResponse({ description: 'WALLET_NOT_FOUND (also for another company’s wallet)' })
  get(@Tenant() tenant: TenantContext, @Param('id', walletId) id: string) {
    return this.wallets.get(tenant.companyId, id);
  }

  @Post(':id/credits')
  @Authenticated('pay:write')
  @ApiHeader({ name: IDEMPOTENCY_HEADER, required: true, description: IDEMPOTENCY_HEADER_DESCRIPTION })
  @ApiCreatedResponse({
    type: WalletTransaction,
    description: `A top-up: the ledger row it wrote (balanceAfter is the new balance). A replay carries \`${REPLAYED_HEADER}: true\`.`,
    headers: REPLAYED_RESPONSE_HEADERS,
  })
  @ApiBadRequestResponse({ description: 'IDEMPOTENCY_KEY_REQUIRED, CURRENCY_MISMATCH (not the wallet’s currency), VALIDATION_FAILED' })
  @ApiNotFoundResponse({ description: 'WALLET_NOT_FOUND' })
  @ApiConflictResponse({ description: 'IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_REQUEST_IN_PROGRESS' })
  async credit(
    @Tenant() tenant: TenantContext,
    @Param('id', walletId) id: string,
    @IdempotencyKeyHeader() key: string,
    @Body() body: CreditWalletDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, await this.wallets.credit(tenant.companyId, id, body, key));
  }

  @Get(':id/transactions')
  @Authenticated('pay:read')
  @ApiOkResponse({ description: 'The wallet’s append-only ledger, newest first (`sequence` descending); the balance is the sum of every row’s `amount`.' })
  @ApiNotFoundResponse({ description: 'WALLET_NOT_FOUND' })
  transactions(@Tenant() tenant: TenantContext, @Param('id', walletId) id: string, @Query() query: PageQueryDto) {
    return this.wallets.transactionsOf(tenant.companyId, id, query);
  }
}
