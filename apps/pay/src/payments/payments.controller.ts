import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HEADER_DESCRIPTION, IdempotencyKeyHeader, REPLAYED_HEADER, REPLAYED_RESPONSE_HEADERS } from '../idempotency/idempotency';
import { respond } from '../idempotency/replay';
import { CreatePaymentDto, ListPaymentsQueryDto } from './dto/payment.dto';
import { Payment } from './payment.entity';
import { PaymentsService } from './payments.service';
import { SANDBOX_DESCRIPTION } from './providers/sandbox-outcome';

export const paymentId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYMENT_NOT_FOUND') });

export const CREATE_PAYMENT_DESCRIPTION =
  'Pays from a wallet to another wallet of the company (same currency, settled at once), a Cameroon mobile-money number or a bank account. ' +
  'The amount is held at once (refused with WALLET_INSUFFICIENT_BALANCE, details `available` and `requested`, when the wallet’s ' +
  'available balance is short), then settled by the provider: the payment comes back succeeded (debited), failed (hold released, ' +
  '`failureReason`) or, if the provider has not answered, pending (finished later by recovery). ' +
  SANDBOX_DESCRIPTION;

export const PAYMENT_ERRORS = {
  badRequest: 'IDEMPOTENCY_KEY_REQUIRED, WALLET_INSUFFICIENT_BALANCE (details: walletId, currency, available, requested), CURRENCY_MISMATCH, PAYMENT_RECIPIENT_INVALID (details.reason), VALIDATION_FAILED',
  notFound: 'WALLET_NOT_FOUND (also for another company’s wallet)',
  conflict: 'IDEMPOTENCY_KEY_REUSED (same key, another body), IDEMPOTENCY_REQUEST_IN_PROGRESS (the first request with this key is still running)',
};

@ApiTags('Payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post()
  @Authenticated('pay:write')
  @ApiOperation({ summary: 'Pay from a wallet', description: CREATE_PAYMENT_DESCRIPTION })
  @ApiHeader({ name: IDEMPOTENCY_HEADER, required: true, description: IDEMPOTENCY_HEADER_DESCRIPTION })
  @ApiCreatedResponse({ type: Payment, description: `The payment (status succeeded, failed or pending). A replay carries \`${REPLAYED_HEADER}: true\`.`, headers: REPLAYED_RESPONSE_HEADERS })
  @ApiBadRequestResponse({ description: PAYMENT_ERRORS.badRequest })
  @ApiNotFoundResponse({ description: PAYMENT_ERRORS.notFound })
  @ApiConflictResponse({ description: PAYMENT_ERRORS.conflict })
  async create(@Tenant() tenant: TenantContext, @IdempotencyKeyHeader() key: string, @Body() body: CreatePaymentDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return respond(reply, await this.payments.pay(tenant.companyId, body, key));
  }

  @Get()
  @Authenticated('pay:read')
  @ApiOkResponse({ description: 'The company’s payments, newest first: `{ items, page, limit, total }`; filters `status`, `walletId`.' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListPaymentsQueryDto) {
    return this.payments.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('pay:read')
  @ApiOkResponse({ type: Payment })
  @ApiNotFoundResponse({ description: 'PAYMENT_NOT_FOUND (also for another company’s payment)' })
  get(@Tenant() tenant: TenantContext, @Param('id', paymentId) id: string) {
    return this.payments.get(tenant.companyId, id);
  }
}
