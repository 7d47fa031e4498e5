import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { PAY_ENTITIES } from './entities';
import { PAY_MIGRATIONS } from './migrations';
import { PaymentsModule } from './payments/payments.module';
import { WalletsModule } from './wallets/wallets.module';

export const PAY_SERVICE = describeService('pay');

/** The pay product: wallets with an append-only ledger, and payments that never spend twice. */
@Module({
  imports: [PlatformModule.forService({ service: PAY_SERVICE, data: { entities: PAY_ENTITIES, migrations: PAY_MIGRATIONS } }), WalletsModule, PaymentsModule],
})
export class PayModule {}
