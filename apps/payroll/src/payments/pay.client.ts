import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalAnswer, InternalApi, InternalRequest } from '@platform/common';

export interface PayRequest {
  companyId: string;
  walletId: string;
  amount: number;
  currency: string;
  recipient: Record<string, unknown>;
  description: string;
  reference: string;
}

export type PayAnswer =
  | { outcome: 'paid' | 'pending' | 'failed'; paymentId: string; failureReason: string | null }
  | { outcome: 'refused'; error: string }
  | { outcome: 'unavailable'; error: string };

interface PaymentBody {
  data?: { id: string; status: 'pending' | 'succeeded' | 'failed'; failureReason?: string | null };
  code?: string;
  message?: string;
}

/** Pay's internal payment route; the Idempotency-Key makes a retried payslip payment pay once. */
@Injectable()
export class PayClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  pay(request: PayRequest, idempotencyKey: string): Promise<PayAnswer> {
    return this.call('/internal/v1/pay/payments', { method: 'POST', body: request, headers: { 'idempotency-key': idempotencyKey }, timeoutMs: 10_000 });
  }

  status(companyId: string, paymentId: string): Promise<PayAnswer> {
    return this.call(`/internal/v1/pay/payments/${paymentId}?companyId=${companyId}`, { timeoutMs: 10_000 });
  }

  private async call(path: string, options: InternalRequest): Promise<PayAnswer> {
    let answer: InternalAnswer;
    try {
      answer = await this.api.request(`${this.env.PAY_URL}${path}`, options);
    } catch (error) {
      return { outcome: 'unavailable', error: (error as Error).message };
    }
    const body = (answer.body ?? {}) as PaymentBody;
    if (answer.ok && body.data) {
      const { id, status, failureReason } = body.data;
      return { outcome: status === 'succeeded' ? 'paid' : status, paymentId: id, failureReason: failureReason ?? null };
    }
    if (answer.status >= 500 || body.code === 'IDEMPOTENCY_REQUEST_IN_PROGRESS' || (answer.status === 404 && body.code === 'HTTP_ERROR')) {
      return { outcome: 'unavailable', error: body.code ?? `pay answered ${answer.status}` };
    }
    return { outcome: 'refused', error: body.code ?? `pay answered ${answer.status}` };
  }
}
