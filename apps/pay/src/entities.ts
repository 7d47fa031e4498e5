import { IdempotencyKey } from './idempotency/idempotency-key.entity';
import { Payment } from './payments/payment.entity';
import { SandboxSettlement } from './payments/providers/sandbox-settlement.entity';
import { Wallet } from './wallets/wallet.entity';
import { WalletTransaction } from './wallets/wallet-transaction.entity';

export const PAY_ENTITIES = [Wallet, WalletTransaction, Payment, IdempotencyKey, SandboxSettlement];
