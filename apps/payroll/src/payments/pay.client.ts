import { Inject, Injectable } from '@nestjs/common';
import { Environment, internalToken } from '@platform/common';

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
  private readonly token: string;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.token = internalToken(env);
  }

  pay(request: PayRequest, idempotencyKey: string): Promise<PayAnswer> {
    return this.call('POST', '/internal/v1/pay/payments', { 'idempotency-key': idempotencyKey, 'content-type': 'application/json' }, JSON.stringify(request));
  }

  status(companyId: string, paymentId: string): Promise<PayAnswer> {
    return this.call('GET', `/internal/v1/pay/payments/${paymentId}?companyId=${companyId}`, {});
  }

  private async call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<PayAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.env.PAY_URL}${path}`, {
        method,
        headers: { 'x-internal-token': this.token, accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return { outcome: 'unavailable', error: (error as Error).message };
    }
    const answer = (await response.json().catch(() => ({}))) as PaymentBody;
    if (response.ok && answer.data) {
      const { id, status, failureReason } = answer.data;
      return { outcome: status === 'succeeded' ? 'paid' : status, paymentId: id, failureReason: failureReason ?? null };
    }
    if (response.status >= 500 || answer.code === 'IDEMPOTENCY_REQUEST_IN_PROGRESS' || (response.status === 404 && answer.code === 'HTTP_ERROR')) {
      return { outcome: 'unavailable', error: answer.code ?? `pay answered ${response.status}` };
    }
    return { outcome: 'refused', error: answer.code ?? `pay answered ${response.status}` };
  }
}
