import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { ApiIdempotencyKey, IdempotencyKeyHeader, REPLAYED_HEADER } from '../idempotency/idempotency';
import { respond } from '../idempotency/replay';
import { ApiIdParam } from '../money/validation';
import { CreatePaymentDto, ListPaymentsQueryDto } from './dto/payment.dto';
import { RECIPIENT_MODELS } from './dto/recipient.dto';
import { PaymentView } from './dto/payments-views.dto';
import { PaymentsService } from './payments.service';
import { SANDBOX_DESCRIPTION } from './providers/sandbox-outcome';

export const paymentId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYMENT_NOT_FOUND') });

export const CREATE_PAYMENT_DESCRIPTION =
  'Pays from a wallet to another wallet of the company (same currency, settled at once), a Cameroon mobile-money number or a bank account. ' +
  'The amount is held at once (refused with WALLET_INSUFFICIENT_BALANCE, details `available` and `requested`, when the wallet’s ' +
  'available balance is short), then settled by the provider: the payment comes back succeeded (debited), failed (hold released, ' +
  '`failureReason`) or, if the provider has not answered, pending (finished later by recovery). ' +
  SANDBOX_DESCRIPTION;

const PAYMENT = {
  walletId: '0b6f3c52-5a0e-4d8e-9a57-6f1f0c1f2a10',
  amount: 25_000,
  currency: 'XAF',
  description: 'March salary',
  reference: 'PAYSLIP-2026-03-0042',
};

@ApiTag('Payments', 'Idempotent payments from a wallet to another wallet, a mobile-money number or a bank account.')
@ApiExtraModels(...RECIPIENT_MODELS)
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post()
  @Authenticated('pay:write')
  @ApiOperation({ summary: 'Pay from a wallet', description: CREATE_PAYMENT_DESCRIPTION })
  @ApiIdempotencyKey()
  @ApiBody({
    type: CreatePaymentDto,
    examples: {
      mobileMoney: {
        summary: 'To a mobile-money number',
        value: { ...PAYMENT, recipient: { type: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456', name: 'Amina Nkemelu' } },
      },
      bank: {
        summary: 'To a bank account',
        value: {
          ...PAYMENT,
          recipient: {
            type: 'bank',
            bankName: 'Afriland First Bank',
            bankCode: '10005',
            accountNumber: '10005000010123456789012',
            accountHolder: 'Amina Nkemelu',
          },
        },
      },
      wallet: {
        summary: 'To another wallet of the company',
        value: { ...PAYMENT, recipient: { type: 'wallet', walletId: '7d1e2f30-8c4b-4a6d-b5e9-3c2a1f0e9d88' } },
      },
    },
  })
  @ApiEnvelope(201, PaymentView, `The payment (status succeeded, failed or pending). A replay carries \`${REPLAYED_HEADER}: true\`.`)
  @ApiErrors(
    'IDEMPOTENCY_KEY_REQUIRED',
    'WALLET_INSUFFICIENT_BALANCE',
    'CURRENCY_MISMATCH',
    'PAYMENT_RECIPIENT_INVALID',
    'WALLET_NOT_FOUND',
    'IDEMPOTENCY_KEY_REUSED',
    'IDEMPOTENCY_REQUEST_IN_PROGRESS',
  )
  async create(
    @Tenant() tenant: TenantContext,
    @IdempotencyKeyHeader() key: string,
    @Body() body: CreatePaymentDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return respond(reply, await this.payments.pay(tenant.companyId, body, key));
  }

  @Get()
  @Authenticated('pay:read')
  @ApiOperation({ summary: 'List payments' })
  @ApiEnvelope(200, PaymentView, 'The company’s payments, newest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListPaymentsQueryDto) {
    return this.payments.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('pay:read')
  @ApiIdParam('payment')
  @ApiOperation({ summary: 'Get a payment' })
  @ApiEnvelope(200, PaymentView, 'The payment.')
  @ApiErrors('PAYMENT_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', paymentId) id: string) {
    return this.payments.get(tenant.companyId, id);
  }
}
