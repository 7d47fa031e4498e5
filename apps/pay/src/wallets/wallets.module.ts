import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { WalletLedger } from './wallet-ledger.service';
import { WalletsController } from './wallets.controller';
import { WalletsRepository } from './wallets.repository';
import { WalletsService } from './wallets.service';

/** Wallets and their ledger; payments move money through the ledger and read and lock wallets through the repository. */
@Module({
  imports: [IdempotencyModule],
  controllers: [WalletsController],
  providers: [WalletsRepository, WalletsService, WalletLedger],
  exports: [WalletsRepository, WalletLedger],
})
export class WalletsModule {}
