import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { Currency } from '../money/currency';
import { ListWalletsQueryDto } from './dto/wallet.dto';
import { WalletView, walletView } from './dto/wallets-views.dto';
import { Wallet } from './wallet.entity';
import { LedgerType, WalletTransaction } from './wallet-transaction.entity';

/** What a ledger row is written with (the company aside). */
export interface LedgerRowFields {
  walletId: string;
  sequence: number;
  type: LedgerType;
  /** Signed, minor units. */
  amount: number;
  currency: Currency;
  balanceAfter: number;
  paymentId: string | null;
  reference: string | null;
}

const SAMPLE_ROW: LedgerRowFields = {
  walletId: SAMPLE.id,
  sequence: 1,
  type: 'credit',
  amount: 1_000,
  currency: 'XAF',
  balanceAfter: 1_000,
  paymentId: null,
  reference: 'TOPUP-2026-03',
};

/**
 * Wallets and their append-only ledger (`wallets`, `wallet_transactions`). Every change to a
 * wallet's money is one conditional UPDATE that checks and changes in the same statement
 * (concurrent ones queue on the row lock and re-check the condition on the latest row); each
 * answers whether it landed. They run in the caller's transaction, beside the ledger row, the
 * payment and the idempotency record.
 */
@Injectable()
export class WalletsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, { name: 'Payroll float', currency: 'XAF' as const }, SAMPLE.tx])
  insertWallet(companyId: string, fields: { name: string; currency: Currency }, manager: EntityManager): Promise<Wallet> {
    return manager.save(manager.create(Wallet, { ...fields, companyId, balance: 0, held: 0, lastSequence: 0 }));
  }

  /** Another company's wallet is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findWallet(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Wallet | null> {
    return manager.findOneBy(Wallet, { id, companyId });
  }

  /** Reads the wallet and locks its row until the transaction ends (`SELECT … FOR UPDATE`). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.tx])
  lockWallet(companyId: string, id: string, manager: EntityManager): Promise<Wallet | null> {
    return manager
      .createQueryBuilder(Wallet, 'row')
      .where('row.id = :id AND row.companyId = :companyId', { id, companyId })
      .setLock('pessimistic_write')
      .getOne();
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { currency: 'XAF' as const, page: 2, limit: 20 }], 'by currency')
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  @QuerySample([SAMPLE.companyId, { currency: 'XAF' as const, cursor: SAMPLE.cursor, limit: 20 }], 'by currency, after a cursor')
  listWalletsPage(companyId: string, query: ListWalletsQueryDto): Promise<Page<WalletView>> {
    const where: FindOptionsWhere<Wallet> = { companyId };
    if (query.currency) where.currency = query.currency;
    return findPage(this.dataSource.getRepository(Wallet), where, { createdAt: 'DESC', id: 'DESC' }, query, (wallets) => wallets.map(walletView));
  }

  /** Holds `amount` for pending payments, unless it would take `available` below zero. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'XAF' as const, 1_000, SAMPLE.tx])
  async hold(companyId: string, walletId: string, currency: Currency, amount: number, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ held: () => 'held + :amount' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance - held >= :amount', { walletId, companyId, currency, amount })
      .execute();
    return Boolean(result.affected);
  }

  /** Gives back `amount` of the wallet's holds, unless it holds less. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 1_000, SAMPLE.tx])
  async releaseHeld(companyId: string, walletId: string, amount: number, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ held: () => 'held - :amount' })
      .where('id = :walletId AND company_id = :companyId AND held >= :amount', { walletId, companyId, amount })
      .execute();
    return Boolean(result.affected);
  }

  /**
   * Turns `amount` of the holds into debits, `rows` balance changes (the ledger rows to write):
   * the balance and the hold both drop by the amount, the sequence moves by the rows; unless the
   * wallet holds less.
   */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 1_000, 2, SAMPLE.tx])
  async debitHeld(companyId: string, walletId: string, amount: number, rows: number, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance - :amount', held: () => 'held - :amount', lastSequence: () => 'last_sequence + :rows' })
      .where('id = :walletId AND company_id = :companyId AND held >= :amount', { walletId, companyId, amount, rows })
      .execute();
    return Boolean(result.affected);
  }

  /** Debits at once (an internal transfer), unless `available` is short. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'XAF' as const, 1_000, SAMPLE.tx])
  async debit(companyId: string, walletId: string, currency: Currency, amount: number, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance - :amount', lastSequence: () => 'last_sequence + 1' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance - held >= :amount', { walletId, companyId, currency, amount })
      .execute();
    return Boolean(result.affected);
  }

  /** Adds to the balance, unless the balance is above `ceiling`. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'XAF' as const, 1_000, 9_000, SAMPLE.tx])
  async credit(companyId: string, walletId: string, currency: Currency, amount: number, ceiling: number, manager: EntityManager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Wallet)
      .set({ balance: () => 'balance + :amount', lastSequence: () => 'last_sequence + 1' })
      .where('id = :walletId AND company_id = :companyId AND currency = :currency AND balance <= :ceiling', { walletId, companyId, currency, amount, ceiling })
      .execute();
    return Boolean(result.affected);
  }

  @QuerySample([SAMPLE.companyId, SAMPLE_ROW, SAMPLE.tx])
  insertLedgerRow(companyId: string, row: LedgerRowFields, manager: EntityManager): Promise<WalletTransaction> {
    return manager.save(manager.create(WalletTransaction, { ...row, companyId }));
  }

  @QuerySample([SAMPLE.companyId, [SAMPLE_ROW, { ...SAMPLE_ROW, sequence: 2 }], SAMPLE.tx])
  async insertLedgerRows(companyId: string, rows: LedgerRowFields[], manager: EntityManager): Promise<void> {
    await manager.insert(
      WalletTransaction,
      rows.map((row) => ({ ...row, companyId })),
    );
  }

  /** The wallet's ledger, newest first. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listLedgerPage(companyId: string, walletId: string, query: PageQueryDto): Promise<Page<WalletTransaction>> {
    return findPage(this.dataSource.getRepository(WalletTransaction), { companyId, walletId }, { sequence: 'DESC' }, query);
  }
}
