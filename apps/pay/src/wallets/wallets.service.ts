import { Injectable } from '@nestjs/common';
import { Page, PageQueryDto, PlatformException } from '@platform/pipeline';
import { Transactions } from '@platform/data';
import { requestHash } from '../idempotency/idempotency';
import { IdempotencyService, IdempotentResult } from '../idempotency/idempotency.service';
import { asJson } from '../idempotency/replay';
import { CreateWalletDto, CreditWalletDto, ListWalletsQueryDto } from './dto/wallet.dto';
import { WalletView, walletView } from './dto/wallets-views.dto';
import { WalletLedger } from './wallet-ledger.service';
import { WalletTransaction } from './wallet-transaction.entity';
import { WalletsRepository } from './wallets.repository';

@Injectable()
export class WalletsService {
  constructor(
    private readonly wallets: WalletsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: WalletLedger,
    private readonly idempotency: IdempotencyService,
  ) {}

  async create(companyId: string, input: CreateWalletDto): Promise<WalletView> {
    const wallet = await this.transactions.run((manager) => this.wallets.insertWallet(companyId, { name: input.name, currency: input.currency }, manager));
    return walletView(wallet);
  }

  list(companyId: string, query: ListWalletsQueryDto): Promise<Page<WalletView>> {
    return this.wallets.listWalletsPage(companyId, query);
  }

  /** Another company's wallet is not found, like a missing one. */
  async get(companyId: string, id: string): Promise<WalletView> {
    const wallet = await this.wallets.findWallet(companyId, id);
    if (!wallet) throw new PlatformException('WALLET_NOT_FOUND');
    return walletView(wallet);
  }

  /** A top-up: the balance, its ledger row and the idempotency record in one transaction. */
  credit(companyId: string, walletId: string, input: CreditWalletDto, key: string): Promise<IdempotentResult<WalletTransaction>> {
    const request = { companyId, key, hash: requestHash(`credit:${walletId}`, input) };
    return this.idempotency.run(request, () =>
      this.transactions.run(async (manager) => {
        const claim = await this.idempotency.claim(request, null, manager);
        const entry = await this.ledger.credit(
          { companyId, walletId, currency: input.currency, amount: input.amount, type: 'credit', reference: input.reference },
          manager,
        );
        const response = { status: 201, body: asJson(entry) };
        await this.idempotency.complete(companyId, claim.id, response, manager);
        return response;
      }),
    );
  }

  /** The wallet's ledger, newest first. */
  async transactionsOf(companyId: string, walletId: string, query: PageQueryDto): Promise<Page<WalletTransaction>> {
    await this.get(companyId, walletId);
    return this.wallets.listLedgerPage(companyId, walletId, query);
  }
}
