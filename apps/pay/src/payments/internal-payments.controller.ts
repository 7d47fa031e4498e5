import { Body, Controller, HttpCode, Param, Query, Res } from '@nestjs/common';
import { IsUUID } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { PayContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { IdempotencyKeyHeader } from '../idempotency/idempotency';
import { respond } from '../idempotency/replay';
import { InternalCreatePaymentDto } from './dto/payment.dto';
import { BulkPayoutDto } from './dto/payout.dto';
import { paymentId } from './payments.controller';
import { PaymentsService } from './payments.service';

class CompanyQueryDto {
  @IsUUID('all', { message: 'companyId must be a UUID' })
  companyId: string;
}

/**
 * Service-to-service payments (payroll paying payslips): the public routes' behaviour, with
 * the company in the body or query instead of a token. Outside /api/v1, guarded by the internal
 * token; the Ingress never routes it.
 */
@Controller()
export class InternalPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Internal(PayContract.CREATE_PAYMENT)
  async create(@IdempotencyKeyHeader() key: string, @Body() body: InternalCreatePaymentDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return respond(reply, await this.payments.pay(body.companyId, body, key));
  }

  @Internal(PayContract.BULK_PAYOUTS)
  @HttpCode(200)
  async payouts(@Body() body: BulkPayoutDto) {
    return { results: await this.payments.payMany(body.companyId, body.items) };
  }

  @Internal(PayContract.PAYMENT)
  get(@Param('id', paymentId) id: string, @Query() query: CompanyQueryDto) {
    return this.payments.get(query.companyId, id);
  }
}
