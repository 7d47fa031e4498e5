import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PlatformException } from '@platform/pipeline';
import { EventOutbox } from '@platform/data';
import { Currency, MAX_BALANCE } from '../money/currency';
import { Wallet } from './wallet.entity';
import { LedgerType, WalletTransaction } from './wallet-transaction.entity';
import { WalletsRepository } from './wallets.repository';

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
 * Every change to a wallet's money: one conditional UPDATE each (WalletsRepository), then the
 * ledger row, or the reason it was refused. Called inside the caller's transaction, with the
 * ledger row, the payment and the idempotency record beside it.
 */
@Injectable()
export class WalletLedger {
  constructor(
    private readonly wallets: WalletsRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /** Holds `amount` for a pending payment: refused when it would take `available` below zero. */
  async hold(entry: Omit<LedgerEntry, 'type'>, manager: EntityManager): Promise<void> {
    if (!(await this.wallets.hold(entry.companyId, entry.walletId, entry.currency, entry.amount, manager))) throw await this.refusal(entry, manager);
  }

  /** Gives back a failed payment's hold. */
  async release(entry: Omit<LedgerEntry, 'type'>, manager: EntityManager): Promise<void> {
    if (!(await this.wallets.releaseHeld(entry.companyId, entry.walletId, entry.amount, manager))) throw holdsLess(entry.walletId, entry.amount);
  }

  /** Turns a hold into a debit: the balance and the hold both drop by the amount. */
  async debitHeld(entry: LedgerEntry, manager: EntityManager): Promise<WalletTransaction> {
    if (!(await this.wallets.debitHeld(entry.companyId, entry.walletId, entry.amount, 1, manager))) throw holdsLess(entry.walletId, entry.amount);
    return this.append(entry, -entry.amount, manager);
  }

  /**
   * Turns the holds of many payments from one wallet into debits with one UPDATE, and writes
   * their ledger rows in one INSERT: the rows take the sequences and balances the debits one
   * after the other would have given.
   */
  async debitHeldMany(entries: LedgerEntry[], manager: EntityManager): Promise<void> {
    if (!entries.length) return;
    const [{ walletId, companyId }] = entries;
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    if (!(await this.wallets.debitHeld(companyId, walletId, total, entries.length, manager))) throw holdsLess(walletId, total);
    const wallet = await this.changed(companyId, walletId, manager);
    let sequence = wallet.lastSequence - entries.length;
    let balance = wallet.balance + total;
    const rows = entries.map((entry) => {
      sequence += 1;
      balance -= entry.amount;
      return {
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
    await this.wallets.insertLedgerRows(companyId, rows, manager);
  }

  /** Debits at once (an internal transfer), refused when `available` is short. */
  async debit(entry: LedgerEntry, manager: EntityManager): Promise<WalletTransaction> {
    if (!(await this.wallets.debit(entry.companyId, entry.walletId, entry.currency, entry.amount, manager))) throw await this.refusal(entry, manager);
    return this.append(entry, -entry.amount, manager);
  }

  /** Adds to the balance, up to the largest exact integer. */
  async credit(entry: LedgerEntry, manager: EntityManager): Promise<WalletTransaction> {
    if (!(await this.wallets.credit(entry.companyId, entry.walletId, entry.currency, entry.amount, MAX_BALANCE - entry.amount, manager))) {
      const wallet = await this.wallets.findWallet(entry.companyId, entry.walletId, manager);
      if (wallet && wallet.currency === entry.currency) {
        throw PlatformException.validation({ amount: [`amount would take the balance over ${MAX_BALANCE}`] });
      }
      throw await this.refusal(entry, manager);
    }
    const credited = await this.append(entry, entry.amount, manager);
    // money into a wallet, a top-up or a transfer from another of the company's wallets
    await this.outbox.record(manager, entry.companyId, 'wallet.credited', credited);
    return credited;
  }

  /** The ledger row of the change just made: the wallet row is ours until commit, so its sequence and balance are this change's. */
  private async append(entry: LedgerEntry, signedAmount: number, manager: EntityManager): Promise<WalletTransaction> {
    const wallet = await this.changed(entry.companyId, entry.walletId, manager);
    return this.wallets.insertLedgerRow(
      entry.companyId,
      {
        walletId: entry.walletId,
        sequence: wallet.lastSequence,
        type: entry.type,
        amount: signedAmount,
        currency: entry.currency,
        balanceAfter: wallet.balance,
        paymentId: entry.paymentId ?? null,
        reference: entry.reference ?? null,
      },
      manager,
    );
  }

  /** The wallet a conditional change just landed on (so it is there). */
  private async changed(companyId: string, walletId: string, manager: EntityManager): Promise<Wallet> {
    const wallet = await this.wallets.findWallet(companyId, walletId, manager);
    if (!wallet) throw new Error(`wallet ${walletId} changed but not found`);
    return wallet;
  }

  /** Why a conditional change matched no row; read only to explain the refusal. */
  private async refusal(entry: Omit<LedgerEntry, 'type'>, manager: EntityManager): Promise<PlatformException> {
    const wallet = await this.wallets.findWallet(entry.companyId, entry.walletId, manager);
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

function holdsLess(walletId: string, amount: number): Error {
  return new Error(`wallet ${walletId} holds less than ${amount}: hold accounting broken`);
}

export function insufficientBalance(wallet: Wallet, available: number, requested: number): PlatformException {
  return new PlatformException('WALLET_INSUFFICIENT_BALANCE', { details: { walletId: wallet.id, currency: wallet.currency, available, requested } });
}
