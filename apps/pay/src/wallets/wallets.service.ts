import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, FindOptionsWhere } from 'typeorm';
import { Page, PageQueryDto, PlatformException, SerializedJson } from '@platform/pipeline';
import { findPage, Transactions } from '@platform/data';
import { requestHash } from '../idempotency/idempotency';
import { IdempotencyService, IdempotentResult } from '../idempotency/idempotency.service';
import { asJson } from '../idempotency/replay';
import { CreateWalletDto, CreditWalletDto, ListWalletsQueryDto } from './dto/wallet.dto';
import { WalletLedger } from './wallet-ledger';
import { Wallet, WalletView, walletView } from './wallet.entity';
import { WalletTransaction } from './wallet-transaction.entity';

@Injectable()
export class WalletsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly ledger: WalletLedger,
    private readonly idempotency: IdempotencyService,
  ) {}

  async create(companyId: string, input: CreateWalletDto): Promise<WalletView> {
    const wallet = await this.transactions.run((manager) =>
      manager.save(manager.create(Wallet, { companyId, name: input.name, currency: input.currency, balance: 0, held: 0, lastSequence: 0 })),
    );
    return walletView(wallet);
  }

  async list(companyId: string, query: ListWalletsQueryDto): Promise<Page<WalletView>> {
    const where: FindOptionsWhere<Wallet> = { companyId };
    if (query.currency) where.currency = query.currency;
    return findPage(this.dataSource.getRepository(Wallet), where, { createdAt: 'DESC', id: 'DESC' }, query, (wallets) => wallets.map(walletView));
  }

  /** Another company's wallet is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<WalletView> {
    const wallet = await this.dataSource.getRepository(Wallet).findOneBy({ id, companyId });
    if (!wallet) throw new PlatformException('WALLET_NOT_FOUND');
    return walletView(wallet);
  }

  /** A top-up: the balance, its ledger row and the idempotency record in one transaction. */
  credit(companyId: string, walletId: string, input: CreditWalletDto, key: string): Promise<IdempotentResult<WalletTransaction>> {
    const request = { companyId, key, hash: requestHash(`credit:${walletId}`, input) };
    return this.idempotency.run(request, () =>
      this.transactions.run(async (manager) => {
        const claim = await this.idempotency.claim(manager, request);
        const entry = await this.ledger.credit(manager, {
          companyId,
          walletId,
          currency: input.currency,
          amount: input.amount,
          type: 'credit',
          reference: input.reference,
        });
        const response = { status: 201, body: asJson(entry) };
        await this.idempotency.complete(manager, claim.id, response);
        return response;
      }),
    );
  }

  /** The wallet's ledger, newest first. */
  async transactionsOf(companyId: string, walletId: string, query: PageQueryDto): Promise<Page<WalletTransaction> | SerializedJson> {
    await this.get(companyId, walletId);
    return findPage(this.dataSource.getRepository(WalletTransaction), { companyId, walletId }, { sequence: 'DESC' }, query);
  }
}
