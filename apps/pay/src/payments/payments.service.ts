import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, FindOptionsWhere } from 'typeorm';
import { EventOutbox, findPage, Page, PlatformException, SerializedJson, Transactions } from '@platform/common';
import { IdempotentRequest, IdempotencyService, IdempotentResult, StoredResponse } from '../idempotency/idempotency.service';
import { requestHash } from '../idempotency/idempotency';
import { asJson } from '../idempotency/replay';
import { WalletLedger } from '../wallets/wallet-ledger';
import { Wallet } from '../wallets/wallet.entity';
import { CreatePaymentDto, ListPaymentsQueryDto } from './dto/payment.dto';
import { Payment } from './payment.entity';
import { PaymentProvider, Settlement } from './providers/payment-provider';

export const INTERNAL_PROVIDER = 'internal';

/**
 * Payments out of a wallet.
 *
 * To another wallet of the company: one transaction (key, payment, debit, credit, two ledger rows).
 * Out of the suite (mobile money, bank), three steps, none of which can lose or double money:
 *  1. one transaction: claim the Idempotency-Key, hold the amount with one conditional UPDATE,
 *     insert the payment as pending;
 *  2. outside any transaction: ask the provider to settle (idempotent on the payment id);
 *  3. one transaction: move the payment out of pending with one conditional UPDATE and, only if
 *     that moved it, debit the hold (ledger row) or release it; store the response for replays.
 * If the process dies between steps, PaymentsRecovery finishes the payment from the provider's answer.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly ledger: WalletLedger,
    private readonly idempotency: IdempotencyService,
    private readonly provider: PaymentProvider,
    private readonly outbox: EventOutbox,
  ) {}

  pay(companyId: string, input: CreatePaymentDto, key: string): Promise<IdempotentResult<Payment>> {
    const { companyId: _company, ...body } = input as CreatePaymentDto & { companyId?: string };
    // the same operation through the public or the internal route: one key, one payment
    const request: IdempotentRequest = { companyId, key, hash: requestHash('payment', body) };
    return this.idempotency.run(request, async () => {
      if (input.recipient.type === 'wallet') return this.transfer(request, input);
      const payment = await this.hold(request, input);
      return { status: 201, body: await this.settle(payment) };
    });
  }

  async list(companyId: string, query: ListPaymentsQueryDto): Promise<Page<Payment> | SerializedJson> {
    const where: FindOptionsWhere<Payment> = { companyId };
    if (query.status) where.status = query.status;
    if (query.walletId) where.walletId = query.walletId;
    return findPage(this.dataSource.getRepository(Payment), where, { createdAt: 'DESC', id: 'DESC' }, query);
  }

  /** Another company's payment is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<Payment> {
    const payment = await this.dataSource.getRepository(Payment).findOneBy({ id, companyId });
    if (!payment) throw new PlatformException('PAYMENT_NOT_FOUND');
    return payment;
  }

  /** Step 2 then 3. A provider that cannot be reached leaves the payment pending, for recovery. */
  async settle(payment: Payment): Promise<Payment> {
    let settlement: Settlement;
    try {
      settlement = await this.provider.settle(payment);
    } catch (error) {
      this.logger.warn({ paymentId: payment.id, err: error }, 'provider did not settle; the payment stays pending for recovery');
      settlement = { status: 'pending' };
    }
    return this.finalize(payment.id, settlement);
  }

  /**
   * Step 3: applies a provider's outcome once. Whoever moves the payment out of pending (the
   * request, or recovery) moves the money; anyone else only reads the result.
   */
  finalize(paymentId: string, settlement: Settlement): Promise<Payment> {
    return this.transactions.run(async (manager) => {
      if (settlement.status !== 'pending') {
        const moved = await manager
          .createQueryBuilder()
          .update(Payment)
          .set({
            status: settlement.status,
            providerReference: settlement.providerReference ?? null,
            failureReason: settlement.status === 'failed' ? (settlement.failureReason ?? 'Declined by the provider.') : null,
            settledAt: new Date(),
          })
          .where('id = :paymentId AND status = :pending', { paymentId, pending: 'pending' })
          .execute();
        if (moved.affected) {
          const payment = await manager.findOneByOrFail(Payment, { id: paymentId });
          const entry = { companyId: payment.companyId, walletId: payment.walletId, currency: payment.currency, amount: payment.amount, paymentId, reference: payment.reference };
          if (settlement.status === 'succeeded') await this.ledger.debitHeld(manager, { ...entry, type: 'debit' });
          else await this.ledger.release(manager, entry);
          await this.outbox.record(manager, payment.companyId, settlement.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', payment);
        }
      }
      const payment = asJson(await manager.findOneByOrFail(Payment, { id: paymentId }));
      await this.idempotency.completeForPayment(manager, paymentId, { status: 201, body: payment });
      return payment;
    });
  }

  /** Step 1. */
  private hold(request: IdempotentRequest, input: CreatePaymentDto): Promise<Payment> {
    const id = randomUUID();
    return this.transactions.run(async (manager) => {
      await this.idempotency.claim(manager, request, id);
      await this.ledger.hold(manager, { companyId: request.companyId, walletId: input.walletId, currency: input.currency, amount: input.amount });
      await manager.insert(Payment, { id, ...this.fields(request.companyId, input), status: 'pending', provider: this.provider.name });
      return manager.findOneByOrFail(Payment, { id });
    });
  }

  private transfer(request: IdempotentRequest, input: CreatePaymentDto): Promise<StoredResponse<Payment>> {
    const { companyId } = request;
    const id = randomUUID();
    const targetId = input.recipient.walletId!;
    return this.transactions.run(async (manager) => {
      const claim = await this.idempotency.claim(manager, request, id);
      // reads that only pick the refusal; the money moves below in conditional statements
      const source = await manager.findOneBy(Wallet, { id: input.walletId, companyId });
      if (!source) throw new PlatformException('WALLET_NOT_FOUND');
      if (source.currency !== input.currency) throw mismatch(input.currency, source);
      if (targetId === source.id) throw new PlatformException('PAYMENT_RECIPIENT_INVALID', { details: { reason: 'the recipient wallet is the wallet paid from' } });
      const target = await manager.findOneBy(Wallet, { id: targetId, companyId });
      if (!target) throw new PlatformException('PAYMENT_RECIPIENT_INVALID', { details: { reason: 'the recipient wallet does not exist' } });
      if (target.currency !== input.currency) throw mismatch(input.currency, target);

      await manager.insert(Payment, { id, ...this.fields(companyId, input), status: 'succeeded', provider: INTERNAL_PROVIDER, settledAt: new Date() });
      const entry = { companyId, currency: input.currency, amount: input.amount, paymentId: id, reference: input.reference ?? null };
      const out = () => this.ledger.debit(manager, { ...entry, walletId: source.id, type: 'transfer_out' });
      const into = () => this.ledger.credit(manager, { ...entry, walletId: target.id, type: 'transfer_in' });
      // both wallet rows are locked in id order, so opposite transfers cannot deadlock
      if (source.id < target.id) {
        await out();
        await into();
      } else {
        await into();
        await out();
      }
      const response = { status: 201, body: asJson(await manager.findOneByOrFail(Payment, { id })) };
      await this.outbox.record(manager, companyId, 'payment.succeeded', response.body);
      await this.idempotency.complete(manager, claim.id, response);
      return response;
    });
  }

  private fields(companyId: string, input: CreatePaymentDto) {
    return {
      companyId,
      walletId: input.walletId,
      amount: input.amount,
      currency: input.currency,
      recipient: asJson(input.recipient),
      description: input.description,
      reference: input.reference ?? null,
    };
  }
}

function mismatch(currency: string, wallet: Wallet): PlatformException {
  return new PlatformException('CURRENCY_MISMATCH', { params: { currency, walletCurrency: wallet.currency }, details: { walletId: wallet.id, currency, walletCurrency: wallet.currency } });
}
