import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Transactions } from '@platform/data';
import type { Payment } from '../payment.entity';
import { PaymentProvider, Settlement } from './payment-provider';
import { sandboxOutcome } from './sandbox-outcome';
import { SandboxSettlement } from './sandbox-settlement.entity';
import { SandboxDecision, SandboxSettlementsRepository } from './sandbox-settlements.repository';

/**
 * Settles at once, with the outcome its recipient asks for (see sandbox-outcome.ts). The outcome
 * is stored by payment id the first time: settling again, or asking after a crash, answers it.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly settlements: SandboxSettlementsRepository,
    private readonly transactions: Transactions,
  ) {
    super();
  }

  async settle(payment: Payment): Promise<Settlement> {
    await this.transactions.run((manager) => this.settlements.insertDecisionsAcrossCompanies([decide(payment)], manager));
    return (await this.status(payment.id))!;
  }

  override async settleMany(payments: Payment[]): Promise<Map<string, Settlement>> {
    if (!payments.length) return new Map();
    await this.transactions.run((manager) => this.settlements.insertDecisionsAcrossCompanies(payments.map(decide), manager));
    const settlements = await this.settlements.findDecisionsAcrossCompanies(payments.map((payment) => payment.id));
    return new Map(settlements.map((settlement) => [settlement.paymentId, settlementOf(settlement)]));
  }

  async status(paymentId: string): Promise<Settlement | null> {
    const settlement = await this.settlements.findDecisionAcrossCompanies(paymentId);
    return settlement && settlementOf(settlement);
  }
}

function decide(payment: Payment): SandboxDecision {
  const { outcome, failureReason } = sandboxOutcome(payment.recipient);
  return { paymentId: payment.id, outcome, failureReason, providerReference: `sbx_${randomBytes(8).toString('hex')}` };
}

function settlementOf(settlement: SandboxSettlement): Settlement {
  return { status: settlement.outcome, providerReference: settlement.providerReference, failureReason: settlement.failureReason };
}
