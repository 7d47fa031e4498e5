import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalApi, InternalResult, PayContract } from '@platform/common';

const TIMEOUT_MS = 10_000;

/** Pay's internal payment routes; the Idempotency-Key makes a retried payslip payment pay once. */
@Injectable()
export class PayClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  async pay(body: PayContract.CreatePaymentBody, idempotencyKey: string): Promise<InternalResult<PayContract.Payment>> {
    const result = await this.api.call(this.env.PAY_URL, PayContract.CREATE_PAYMENT, { body, headers: { 'idempotency-key': idempotencyKey }, timeoutMs: TIMEOUT_MS });
    // the first call with this key is still running: its outcome is for a later call to learn
    if (result.kind === 'refused' && result.code === 'IDEMPOTENCY_REQUEST_IN_PROGRESS') return { kind: 'unavailable', reason: result.code };
    return result;
  }

  status(companyId: string, paymentId: string): Promise<InternalResult<PayContract.Payment>> {
    return this.api.call(this.env.PAY_URL, PayContract.PAYMENT, { params: { id: paymentId }, query: { companyId }, timeoutMs: TIMEOUT_MS });
  }
}
