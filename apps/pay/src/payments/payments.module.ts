import { Module } from '@nestjs/common';
import { JobsModule } from '@platform/data';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { WalletsModule } from '../wallets/wallets.module';
import { InternalPaymentsController } from './internal-payments.controller';
import { PaymentsRecovery } from './payments-recovery.service';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { PaymentProvider } from './providers/payment-provider';
import { SandboxPaymentProvider } from './providers/sandbox.provider';
import { SandboxSettlementsRepository } from './providers/sandbox-settlements.repository';

@Module({
  imports: [IdempotencyModule, WalletsModule, JobsModule],
  controllers: [PaymentsController, InternalPaymentsController],
  // a real provider replaces the sandbox here, behind the same PaymentProvider class
  providers: [
    PaymentsRepository,
    PaymentsService,
    PaymentsRecovery,
    SandboxSettlementsRepository,
    { provide: PaymentProvider, useClass: SandboxPaymentProvider },
  ],
})
export class PaymentsModule {}
