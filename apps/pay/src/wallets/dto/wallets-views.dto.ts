import { ApiProperty } from '@nestjs/swagger';
import { Wallet } from '../wallet.entity';

/** The wallet as the API shows it: with `available`. */
export class WalletView extends Wallet {
  @ApiProperty({ type: 'integer', minimum: 0, example: 1_000_000, description: 'balance − held: what a new payment may take.' })
  available: number;
}

export function walletView(wallet: Wallet): WalletView {
  return { ...wallet, available: wallet.balance - wallet.held };
}
