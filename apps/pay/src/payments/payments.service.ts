import { Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { PayContract, Served } from '@platform/contracts';
import { buildErrorEnvelope, flattenValidationErrors, Page, PlatformException } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { IdempotentRequest, IdempotencyService, IdempotentResult, StoredResponse } from '../idempotency/idempotency.service';
import { requestHash } from '../idempotency/idempotency';
import { asJson } from '../idempotency/replay';
import { insufficientBalance, WalletLedger } from '../wallets/wallet-ledger.service';
import { Wallet } from '../wallets/wallet.entity';
import { WalletsRepository } from '../wallets/wallets.repository';
import { CreatePaymentDto, ListPaymentsQueryDto } from './dto/payment.dto';
import { PayoutItemDto } from './dto/payout.dto';
import { Payment } from './payment.entity';
import { PaymentFields, PaymentOutcome, PaymentsRepository } from './payments.repository';
import { PaymentProvider, Settlement } from './providers/payment-provider';

export const INTERNAL_PROVIDER = 'internal';

/** The global pipe's rules, for the items of a bulk payout it does not see one by one. */
const VALIDATION = { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } };

/** A bulk payout's item, checked: its place in the call, the payment it orders, its key. */
interface Payout {
  index: number;
  order: CreatePaymentDto;
  request: IdempotentRequest;
}

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
    private readonly payments: PaymentsRepository,
    private readonly wallets: WalletsRepository,
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

  /**
   * A bulk payout: each item what `pay` would do with it, in a few statements per wallet rather
   * than a few per payment. Replays and refusals are answered item by item; the others are held in
   * one transaction (key claims, one hold of their total, the payments), settled by the provider,
   * then finished in one transaction (the same conditional step as `finalize`).
   */
  async payMany(companyId: string, items: PayContract.PayoutItem[]): Promise<Served<PayContract.PayoutResult>[]> {
    const results: Served<PayContract.PayoutResult>[] = items.map((item) => ({
      idempotencyKey: String(item.idempotencyKey ?? ''),
      payment: null,
      replayed: false,
      error: null,
    }));
    const refuse = (index: number, error: PlatformException) => {
      results[index].error = buildErrorEnvelope(error, 'en');
    };
    const payouts: Payout[] = [];
    const firstWith = new Map<string, number>();
    items.forEach((item, index) => {
      const input = plainToInstance(PayoutItemDto, item);
      const found = validateSync(input, VALIDATION);
      if (found.length) return refuse(index, PlatformException.validation(flattenValidationErrors(found)));
      const { idempotencyKey: key, ...order } = input;
      const first = firstWith.get(key);
      if (first !== undefined)
        return refuse(index, PlatformException.validation({ idempotencyKey: [`idempotencyKey must not repeat an earlier item’s (item ${first})`] }));
      firstWith.set(key, index);
      payouts.push({ index, order: order as CreatePaymentDto, request: { companyId, key, hash: requestHash('payment', order) } });
    });

    const earlier = await this.idempotency.earlierMany(
      companyId,
      payouts.map((payout) => payout.request),
    );
    const fresh: Payout[] = [];
    for (const payout of payouts) {
      const found = earlier.get(payout.request.key);
      if (found instanceof PlatformException) refuse(payout.index, found);
      else if (found) Object.assign(results[payout.index], { payment: found.body, replayed: true });
      else fresh.push(payout);
    }

    // a transfer to another wallet of the company settles in its own transaction, as the single route does it
    for (const payout of fresh.filter((p) => p.order.recipient.type === 'wallet')) {
      try {
        const done = await this.pay(companyId, payout.order, payout.request.key);
        Object.assign(results[payout.index], { payment: done.body, replayed: done.replayed });
      } catch (error) {
        if (!(error instanceof PlatformException)) throw error;
        refuse(payout.index, error);
      }
    }
    for (const [walletId, group] of groupBy(
      fresh.filter((p) => p.order.recipient.type !== 'wallet'),
      (payout) => payout.order.walletId,
    )) {
      const held = await this.holdMany(companyId, walletId, group, refuse);
      if (!held.length) continue;
      const settlements = await this.provider.settleMany(held.map(({ payment }) => payment)).catch((error: unknown) => {
        this.logger.warn({ walletId, err: error }, 'provider did not settle a bulk payout; its payments stay pending for recovery');
        return new Map<string, Settlement>();
      });
      const finished = await this.finalizeMany(
        companyId,
        held.map(({ payment }) => ({ paymentId: payment.id, settlement: settlements.get(payment.id) ?? { status: 'pending' } })),
      );
      for (const { payout, payment } of held) results[payout.index].payment = finished.get(payment.id)!;
    }
    return results;
  }

  list(companyId: string, query: ListPaymentsQueryDto): Promise<Page<Payment>> {
    return this.payments.listPaymentsPage(companyId, query);
  }

  /** Another company's payment is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<Payment> {
    const payment = await this.payments.findPayment(companyId, id);
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
    return this.finalize(payment.companyId, payment.id, settlement);
  }

  /**
   * Step 3: applies a provider's outcome once. Whoever moves the payment out of pending (the
   * request, or recovery) moves the money; anyone else only reads the result.
   */
  finalize(companyId: string, paymentId: string, settlement: Settlement): Promise<Payment> {
    return this.transactions.run(async (manager) => {
      if (settlement.status !== 'pending' && (await this.payments.settlePending(companyId, paymentId, outcomeOf(settlement), manager))) {
        const payment = await this.paymentIn(companyId, paymentId, manager);
        const entry = { companyId, walletId: payment.walletId, currency: payment.currency, amount: payment.amount, paymentId, reference: payment.reference };
        if (settlement.status === 'succeeded') await this.ledger.debitHeld({ ...entry, type: 'debit' }, manager);
        else await this.ledger.release(entry, manager);
        await this.outbox.record(manager, companyId, settlement.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', payment);
      }
      const payment = asJson(await this.paymentIn(companyId, paymentId, manager));
      await this.idempotency.completeForPayment(companyId, paymentId, { status: 201, body: payment }, manager);
      return payment;
    });
  }

  /**
   * Step 3 for many payments of one company: one conditional UPDATE moves those still pending,
   * and only those moved move money, one debit (or release) per wallet.
   */
  private finalizeMany(companyId: string, settled: { paymentId: string; settlement: Settlement }[]): Promise<Map<string, Payment>> {
    return this.transactions.run(async (manager) => {
      const final = settled.filter(({ settlement }) => settlement.status !== 'pending');
      const movedIds = final.length
        ? await this.payments.settlePendingMany(
            companyId,
            final.map(({ paymentId, settlement }) => ({ paymentId, ...outcomeOf(settlement) })),
            manager,
          )
        : new Set<string>();
      const payments = await this.payments.findPayments(
        companyId,
        settled.map(({ paymentId }) => paymentId),
        manager,
      );
      const byId = new Map(payments.map((payment) => [payment.id, payment]));
      const moved = settled.map(({ paymentId }) => byId.get(paymentId)!).filter((payment) => movedIds.has(payment.id));
      for (const [walletId, paid] of groupBy(moved, (payment) => payment.walletId)) {
        const entry = (payment: Payment) => ({
          companyId,
          walletId,
          currency: payment.currency,
          amount: payment.amount,
          paymentId: payment.id,
          reference: payment.reference,
        });
        await this.ledger.debitHeldMany(
          paid.filter((payment) => payment.status === 'succeeded').map((payment) => ({ ...entry(payment), type: 'debit' as const })),
          manager,
        );
        const failed = paid.filter((payment) => payment.status === 'failed');
        if (failed.length)
          await this.ledger.release(
            { companyId, walletId, currency: failed[0].currency, amount: failed.reduce((sum, payment) => sum + payment.amount, 0) },
            manager,
          );
      }
      await this.outbox.recordMany(
        manager,
        companyId,
        moved.map((payment) => ({ type: payment.status === 'succeeded' ? ('payment.succeeded' as const) : ('payment.failed' as const), data: payment })),
      );
      const answered = new Map(payments.map((payment) => [payment.id, asJson(payment)]));
      await this.idempotency.completeForPayments(
        companyId,
        [...answered].map(([paymentId, body]) => ({ paymentId, response: { status: 201, body } })),
        manager,
      );
      return answered;
    });
  }

  /**
   * Step 1 for a bulk payout's payments from one wallet, in one transaction: the wallet locked,
   * the keys claimed, the payments that fit in the available balance (in the items' order) held
   * with one conditional UPDATE and inserted pending. The others are refused, their keys released.
   */
  private holdMany(
    companyId: string,
    walletId: string,
    payouts: Payout[],
    refuse: (index: number, error: PlatformException) => void,
  ): Promise<{ payout: Payout; payment: Payment }[]> {
    return this.transactions.run(async (manager) => {
      const wallet = await this.wallets.lockWallet(companyId, walletId, manager);
      if (!wallet) {
        for (const payout of payouts) refuse(payout.index, new PlatformException('WALLET_NOT_FOUND'));
        return [];
      }
      const sameCurrency: Payout[] = [];
      for (const payout of payouts) {
        if (payout.order.currency === wallet.currency) sameCurrency.push(payout);
        else refuse(payout.index, mismatch(payout.order.currency, wallet));
      }
      const ids = new Map(sameCurrency.map((payout) => [payout.request.key, randomUUID()]));
      const claimed = await this.idempotency.claimMany(
        companyId,
        sameCurrency.map((payout) => ({ ...payout.request, paymentId: ids.get(payout.request.key)! })),
        manager,
      );
      let available = wallet.balance - wallet.held;
      const accepted: Payout[] = [];
      const released: string[] = [];
      for (const payout of sameCurrency) {
        // claimed by a request that came in since the look-up: that request answers for it
        if (!claimed.has(payout.request.key)) refuse(payout.index, new PlatformException('IDEMPOTENCY_REQUEST_IN_PROGRESS'));
        else if (payout.order.amount > available) {
          refuse(payout.index, insufficientBalance(wallet, available, payout.order.amount));
          released.push(payout.request.key);
        } else {
          available -= payout.order.amount;
          accepted.push(payout);
        }
      }
      await this.idempotency.release(companyId, released, manager);
      if (!accepted.length) return [];
      await this.ledger.hold(
        { companyId, walletId, currency: wallet.currency, amount: accepted.reduce((sum, payout) => sum + payout.order.amount, 0) },
        manager,
      );
      await this.payments.insertPayments(
        companyId,
        accepted.map((payout) => this.fields(ids.get(payout.request.key)!, payout.order, { status: 'pending', provider: this.provider.name })),
        manager,
      );
      const payments = new Map((await this.payments.findPayments(companyId, [...ids.values()], manager)).map((payment) => [payment.id, payment]));
      return accepted.map((payout) => ({ payout, payment: payments.get(ids.get(payout.request.key)!)! }));
    });
  }

  /** Step 1. */
  private hold(request: IdempotentRequest, input: CreatePaymentDto): Promise<Payment> {
    const id = randomUUID();
    return this.transactions.run(async (manager) => {
      await this.idempotency.claim(request, id, manager);
      await this.ledger.hold({ companyId: request.companyId, walletId: input.walletId, currency: input.currency, amount: input.amount }, manager);
      await this.payments.insertPayment(request.companyId, this.fields(id, input, { status: 'pending', provider: this.provider.name }), manager);
      return this.paymentIn(request.companyId, id, manager);
    });
  }

  private transfer(request: IdempotentRequest, input: CreatePaymentDto): Promise<StoredResponse<Payment>> {
    const { companyId } = request;
    const id = randomUUID();
    const targetId = input.recipient.walletId!;
    return this.transactions.run(async (manager) => {
      const claim = await this.idempotency.claim(request, id, manager);
      // reads that only pick the refusal; the money moves below in conditional statements
      const source = await this.wallets.findWallet(companyId, input.walletId, manager);
      if (!source) throw new PlatformException('WALLET_NOT_FOUND');
      if (source.currency !== input.currency) throw mismatch(input.currency, source);
      if (targetId === source.id)
        throw new PlatformException('PAYMENT_RECIPIENT_INVALID', { details: { reason: 'the recipient wallet is the wallet paid from' } });
      const target = await this.wallets.findWallet(companyId, targetId, manager);
      if (!target) throw new PlatformException('PAYMENT_RECIPIENT_INVALID', { details: { reason: 'the recipient wallet does not exist' } });
      if (target.currency !== input.currency) throw mismatch(input.currency, target);

      await this.payments.insertPayment(
        companyId,
        this.fields(id, input, { status: 'succeeded', provider: INTERNAL_PROVIDER, settledAt: new Date() }),
        manager,
      );
      const entry = { companyId, currency: input.currency, amount: input.amount, paymentId: id, reference: input.reference ?? null };
      const out = () => this.ledger.debit({ ...entry, walletId: source.id, type: 'transfer_out' }, manager);
      const into = () => this.ledger.credit({ ...entry, walletId: target.id, type: 'transfer_in' }, manager);
      // both wallet rows are locked in id order, so opposite transfers cannot deadlock
      if (source.id < target.id) {
        await out();
        await into();
      } else {
        await into();
        await out();
      }
      const response = { status: 201, body: asJson(await this.paymentIn(companyId, id, manager)) };
      await this.outbox.record(manager, companyId, 'payment.succeeded', response.body);
      await this.idempotency.complete(companyId, claim.id, response, manager);
      return response;
    });
  }

  private fields(id: string, input: CreatePaymentDto, state: Pick<PaymentFields, 'status' | 'provider' | 'settledAt'>): PaymentFields {
    return {
      id,
      walletId: input.walletId,
      amount: input.amount,
      currency: input.currency,
      recipient: asJson(input.recipient),
      description: input.description,
      reference: input.reference ?? null,
      ...state,
    };
  }

  /** A payment this transaction wrote or moved (so it is there). */
  private async paymentIn(companyId: string, id: string, manager: EntityManager): Promise<Payment> {
    const payment = await this.payments.findPayment(companyId, id, manager);
    if (!payment) throw new Error(`payment ${id} written but not found`);
    return payment;
  }
}

/** The provider's final answer as the payment keeps it: a failure always says why. */
function outcomeOf(settlement: Settlement): PaymentOutcome {
  return {
    status: settlement.status as PaymentOutcome['status'],
    providerReference: settlement.providerReference ?? null,
    failureReason: settlement.status === 'failed' ? (settlement.failureReason ?? 'Declined by the provider.') : null,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function mismatch(currency: string, wallet: Wallet): PlatformException {
  return new PlatformException('CURRENCY_MISMATCH', {
    params: { currency, walletCurrency: wallet.currency },
    details: { walletId: wallet.id, currency, walletCurrency: wallet.currency },
  });
}
