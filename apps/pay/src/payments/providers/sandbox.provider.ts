import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { Transactions } from '@platform/data';
import type { Payment } from '../payment.entity';
import { PaymentProvider, Settlement } from './payment-provider';
import { sandboxOutcome } from './sandbox-outcome';
import { SandboxSettlement } from './sandbox-settlement.entity';

/**
 * Settles at once, with the outcome its recipient asks for (see sandbox-outcome.ts). The outcome
 * is stored by payment id the first time: settling again, or asking after a crash, answers it.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {
    super();
  }

  async settle(payment: Payment): Promise<Settlement> {
    const { outcome, failureReason } = sandboxOutcome(payment.recipient);
    await this.transactions.run((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(SandboxSettlement)
        .values({ paymentId: payment.id, outcome, failureReason, providerReference: `sbx_${randomBytes(8).toString('hex')}` })
        .orIgnore()
        .execute(),
    );
    return (await this.status(payment.id))!;
  }

  override async settleMany(payments: Payment[]): Promise<Map<string, Settlement>> {
    if (!payments.length) return new Map();
    await this.transactions.run((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(SandboxSettlement)
        .values(
          payments.map((payment) => ({
            paymentId: payment.id,
            ...sandboxOutcome(payment.recipient),
            providerReference: `sbx_${randomBytes(8).toString('hex')}`,
          })),
        )
        .orIgnore()
        .execute(),
    );
    const settlements = await this.dataSource.getRepository(SandboxSettlement).findBy({ paymentId: In(payments.map((payment) => payment.id)) });
    return new Map(
      settlements.map((settlement) => [
        settlement.paymentId,
        { status: settlement.outcome, providerReference: settlement.providerReference, failureReason: settlement.failureReason },
      ]),
    );
  }

  async status(paymentId: string): Promise<Settlement | null> {
    const settlement = await this.dataSource.getRepository(SandboxSettlement).findOneBy({ paymentId });
    if (!settlement) return null;
    return { status: settlement.outcome, providerReference: settlement.providerReference, failureReason: settlement.failureReason };
  }
}
