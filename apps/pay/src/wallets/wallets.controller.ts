import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PageQueryDto, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { ApiIdempotencyKey, IdempotencyKeyHeader, REPLAYED_HEADER } from '../idempotency/idempotency';
import { respond } from '../idempotency/replay';
import { ApiIdParam } from '../money/validation';
import { CreateWalletDto, CreditWalletDto, ListWalletsQueryDto } from './dto/wallet.dto';
import { WalletTransactionView, WalletView } from './dto/wallets-views.dto';
import { WalletsService } from './wallets.service';

const walletId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WALLET_NOT_FOUND') });

@ApiTag('Wallets', 'Company wallets in one currency each, topped up idempotently, with an append-only ledger.')
@Controller('wallets')
export class WalletsController {
  constructor(private readonly wallets: WalletsService) {}

  @Post()
  @Authenticated('pay:write')
  @ApiOperation({ summary: 'Create a wallet' })
  @ApiEnvelope(201, WalletView, 'An empty wallet in one currency.')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateWalletDto) {
    return this.wallets.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('pay:read')
  @ApiOperation({ summary: 'List wallets' })
  @ApiEnvelope(200, WalletView, 'The company’s wallets, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListWalletsQueryDto) {
    return this.wallets.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('pay:read')
  @ApiIdParam('wallet')
  @ApiOperation({ summary: 'Get a wallet' })
  @ApiEnvelope(200, WalletView, 'The wallet, with its available balance.')
  @ApiErrors('WALLET_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', walletId) id: string) {
    return this.wallets.get(tenant.companyId, id);
  }

  @Post(':id/credits')
  @Authenticated('pay:write')
  @ApiIdParam('wallet')
  @ApiOperation({ summary: 'Top up a wallet', description: 'The currency must be the wallet’s (CURRENCY_MISMATCH otherwise).' })
  @ApiIdempotencyKey()
  @ApiEnvelope(
    201,
    WalletTransactionView,
    `A top-up: the ledger row it wrote (balanceAfter is the new balance). A replay carries \`${REPLAYED_HEADER}: true\`.`,
  )
  @ApiErrors('IDEMPOTENCY_KEY_REQUIRED', 'CURRENCY_MISMATCH', 'WALLET_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_REQUEST_IN_PROGRESS')
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
  @ApiIdParam('wallet')
  @ApiOperation({ summary: 'List a wallet’s ledger' })
  @ApiEnvelope(
    200,
    WalletTransactionView,
    'The wallet’s append-only ledger, newest first (`sequence` descending); the balance is the sum of every row’s `amount`.',
    { page: true },
  )
  @ApiErrors('WALLET_NOT_FOUND')
  transactions(@Tenant() tenant: TenantContext, @Param('id', walletId) id: string, @Query() query: PageQueryDto) {
    return this.wallets.transactionsOf(tenant.companyId, id, query);
  }
}
