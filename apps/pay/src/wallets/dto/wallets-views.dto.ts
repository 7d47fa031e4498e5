import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CURRENCIES, Currency } from '../../money/currency';
import { Wallet } from '../wallet.entity';
import { LEDGER_TYPES, LedgerType } from '../wallet-transaction.entity';

/** The wallet as the API shows it: its row, with `available`. */
export class WalletView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  companyId: string;

  @ApiProperty({ example: 'Payroll float', maxLength: 100 })
  name: string;

  @ApiProperty({ enum: CURRENCIES, example: 'XAF' })
  currency: Currency;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1_000_000, description: 'Integer, minor units of the currency (XAF: francs).' })
  balance: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 0, description: 'Held by pending payments, minor units.' })
  held: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 3, description: 'Number of ledger rows (the sequence of the last one).' })
  lastSequence: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: Date;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1_000_000, description: 'balance − held: what a new payment may take.' })
  available: number;
}

export function walletView(wallet: Wallet): WalletView {
  return { ...wallet, available: wallet.balance - wallet.held };
}

/** A ledger row as the API shows it (the row as stored). */
@ApiSchema({ name: 'WalletTransaction' })
export class WalletTransactionView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  companyId: string;

  @ApiProperty({ format: 'uuid' })
  walletId: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  sequence: number;

  @ApiProperty({ enum: LEDGER_TYPES })
  type: LedgerType;

  @ApiProperty({ type: 'integer', example: -25_000, description: 'Signed, minor units: positive adds to the balance.' })
  amount: number;

  @ApiProperty({ enum: CURRENCIES })
  currency: Currency;

  @ApiProperty({ type: 'integer', minimum: 0, example: 975_000, description: 'The wallet’s balance after this row, minor units.' })
  balanceAfter: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The payment that moved the money, if any.' })
  paymentId: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'TOPUP-2026-03' })
  reference: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', description: 'When the row was written; ledger rows never change after.' })
  updatedAt: Date;
}
