import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { WalletLedger } from './wallet-ledger';
import { WalletsController } from './wallets.controller';
import { WalletsService } from './wallets.service';

@Module({
  imports: [IdempotencyModule],
  controllers: [WalletsController],
  providers: [WalletsService, WalletLedger],
  exports: [WalletLedger],
})
export class WalletsModule {}
