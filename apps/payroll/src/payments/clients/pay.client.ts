import { Inject, Injectable } from '@nestjs/common';
import { PayContract } from '@platform/contracts';
import { Environment, InternalApi, InternalResult } from '@platform/pipeline';

const TIMEOUT_MS = 10_000;
/** A bulk payout of MAX_BULK_PAYOUTS payments takes Pay a few seconds; past this it is presumed lost, and its keys replay it. */
const BULK_TIMEOUT_MS = 60_000;

/** Pay's internal payment routes; each payslip's idempotency key makes a retried payment pay once. */
@Injectable()
export class PayClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  /** Up to PayContract.MAX_BULK_PAYOUTS payments, each with its own key: one result per item, in order. */
  payMany(body: PayContract.BulkPayoutBody): Promise<InternalResult<{ results: PayContract.PayoutResult[] }>> {
    return this.api.call(this.env.PAY_URL, PayContract.BULK_PAYOUTS, { body, timeoutMs: BULK_TIMEOUT_MS });
  }

  status(companyId: string, paymentId: string): Promise<InternalResult<PayContract.Payment>> {
    return this.api.call(this.env.PAY_URL, PayContract.PAYMENT, { params: { id: paymentId }, query: { companyId }, timeoutMs: TIMEOUT_MS });
  }
}
