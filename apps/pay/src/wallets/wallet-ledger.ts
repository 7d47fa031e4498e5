import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { EventOutbox } from '@platform/data';
import { Currency, MAX_BALANCE } from '../money/currency';
import { Wallet } from './wallet.entity';
import { LedgerType, WalletTransaction } from './wallet-transaction.entity';

/** The parameters of every conditional statement below. */
const keyOf = (entry: Omit<LedgerEntry, 'type'>) => ({ walletId: entry.walletId, companyId: entry.companyId, currency: entry.currency, amount: entry.amount });

export interface LedgerEntry {
  companyId: string;
  walletId: string;
  currency: Currency;
  /** Positive, minor units; the sign comes from the direction. */
  amount: number;
  type: LedgerType;
  paymentId?: string | null;
  reference?: string | null;
}

/**
 * Every change to a wallet's money, each one conditional UPDATE that checks and changes in the
 * same statement (concurrent ones queue on the row lock and re-check the condition on the latest
 * row). Called inside the caller's
 * transaction, with the ledger row, the payment and the idempotency record beside it.
 */
@Injectable()
export class WalletLedger {
  constructor(private readonly outbox: EventOutbox) {}

  /** Holds `amount` for a pending payment: refused when it would take `available` below zero. */
  async hold(manager: EntityManager, entry: Omit<LedgerEntry, 'type'>): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ held: () => 'held + :amount' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance - held >= :amount', keyOf(entry))
      .execute();
    if (!result.affected) throw await this.refusal(manager, entry);
  }

  /** Gives back a failed payment's hold. */
  async release(manager: EntityManager, entry: Omit<LedgerEntry, 'type'>): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ held: () => 'held - :amount' })
      .where('id = :walletId AND company_id = :companyId AND held >= :amount', keyOf(entry))
      .execute();
    if (!result.affected) throw new Error(`wallet ${entry.walletId} holds less than ${entry.amount}: hold accounting broken`);
  }

  /** Turns a hold into a debit: the balance and the hold both drop by the amount. */
  async debitHeld(manager: EntityManager, entry: LedgerEntry): Promise<WalletTransaction> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance - :amount', held: () => 'held - :amount', lastSequence: () => 'last_sequence + 1' })
      .where('id = :walletId AND company_id = :companyId AND held >= :amount', keyOf(entry))
      .execute();
    if (!result.affected) throw new Error(`wallet ${entry.walletId} holds less than ${entry.amount}: hold accounting broken`);
    return this.append(manager, entry, -entry.amount);
  }

  /**
   * Turns the holds of many payments from one wallet into debits with one UPDATE, and writes
   * their ledger rows in one INSERT: the rows take the sequences and balances the debits one
   * after the other would have given.
   */
  async debitHeldMany(manager: EntityManager, entries: LedgerEntry[]): Promise<void> {
    if (!entries.length) return;
    const [{ walletId, companyId }] = entries;
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance - :total', held: () => 'held - :total', lastSequence: () => 'last_sequence + :count' })
      .where('id = :walletId AND company_id = :companyId AND held >= :total', { walletId, companyId, total, count: entries.length })
      .execute();
    if (!result.affected) throw new Error(`wallet ${walletId} holds less than ${total}: hold accounting broken`);
    const wallet = await manager.findOneByOrFail(Wallet, { id: walletId });
    let sequence = wallet.lastSequence - entries.length;
    let balance = wallet.balance + total;
    const rows = entries.map((entry) => {
      sequence += 1;
      balance -= entry.amount;
      return {
        companyId,
        walletId,
        sequence,
        type: entry.type,
        amount: -entry.amount,
        currency: entry.currency,
        balanceAfter: balance,
        paymentId: entry.paymentId ?? null,
        reference: entry.reference ?? null,
      };
    });
    await manager.insert(WalletTransaction, rows);
  }

  /** Debits at once (an internal transfer), refused when `available` is short. */
  async debit(manager: EntityManager, entry: LedgerEntry): Promise<WalletTransaction> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance - :amount', lastSequence: () => 'last_sequence + 1' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance - held >= :amount', keyOf(entry))
      .execute();
    if (!result.affected) throw await this.refusal(manager, entry);
    return this.append(manager, entry, -entry.amount);
  }

  /** Adds to the balance, up to the largest exact integer. */
  async credit(manager: EntityManager, entry: LedgerEntry): Promise<WalletTransaction> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance + :amount', lastSequence: () => 'last_sequence + 1' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance <= :ceiling', {
        ...keyOf(entry),
        ceiling: MAX_BALANCE - entry.amount,
      })
      .execute();
    if (!result.affected) {
      const wallet = await manager.findOneBy(Wallet, { id: entry.walletId, companyId: entry.companyId });
      if (wallet && wallet.currency === entry.currency) {
        throw PlatformException.validation({ amount: [`amount would take the balance over ${MAX_BALANCE}`] });
      }
      throw await this.refusal(manager, entry);
    }
    const credited = await this.append(manager, entry, entry.amount);
    // money into a wallet, a top-up or a transfer from another of the company's wallets
    await this.outbox.record(manager, entry.companyId, 'wallet.credited', credited);
    return credited;
  }

  /** The ledger row of the change just made: the wallet row is ours until commit, so its sequence and balance are this change's. */
  private async append(manager: EntityManager, entry: LedgerEntry, signedAmount: number): Promise<WalletTransaction> {
    const wallet = await manager.findOneByOrFail(Wallet, { id: entry.walletId });
    return manager.save(
      manager.create(WalletTransaction, {
        companyId: entry.companyId,
        walletId: entry.walletId,
        sequence: wallet.lastSequence,
        type: entry.type,
        amount: signedAmount,
        currency: entry.currency,
        balanceAfter: wallet.balance,
        paymentId: entry.paymentId ?? null,
        reference: entry.reference ?? null,
      }),
    );
  }

  /** Why a conditional change matched no row; read only to explain the refusal. */
  private async refusal(manager: EntityManager, entry: Omit<LedgerEntry, 'type'>): Promise<PlatformException> {
    const wallet = await manager.findOneBy(Wallet, { id: entry.walletId, companyId: entry.companyId });
    if (!wallet) return new PlatformException('WALLET_NOT_FOUND');
    if (wallet.currency !== entry.currency) {
      return new PlatformException('CURRENCY_MISMATCH', {
        params: { currency: entry.currency, walletCurrency: wallet.currency },
        details: { currency: entry.currency, walletCurrency: wallet.currency },
      });
    }
    return insufficientBalance(wallet, wallet.balance - wallet.held, entry.amount);
  }
}

export function insufficientBalance(wallet: Wallet, available: number, requested: number): PlatformException {
  return new PlatformException('WALLET_INSUFFICIENT_BALANCE', { details: { walletId: wallet.id, currency: wallet.currency, available, requested } });
}
