import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CURRENCIES, Currency } from '../../money/currency';
import { PAYMENT_STATUSES, PaymentStatus } from '../payment.entity';
import { Recipient, RECIPIENT_SCHEMA } from './recipient.dto';

/** A payment as the API shows it (the row as stored), and as its events carry it. */
@ApiSchema({ name: 'Payment' })
export class PaymentView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  companyId: string;

  @ApiProperty({ format: 'uuid' })
  walletId: string;

  @ApiProperty({ type: 'integer', minimum: 1, example: 25_000, description: 'Integer, minor units.' })
  amount: number;

  @ApiProperty({ enum: CURRENCIES })
  currency: Currency;

  @ApiProperty(RECIPIENT_SCHEMA)
  recipient: Recipient;

  @ApiProperty({ example: 'March salary' })
  description: string;

  @ApiProperty({ type: String, nullable: true, example: 'PAYSLIP-2026-03-0042' })
  reference: string | null;

  @ApiProperty({ enum: PAYMENT_STATUSES })
  status: PaymentStatus;

  @ApiProperty({ example: 'sandbox', description: '`internal` for wallet-to-wallet transfers.' })
  provider: string;

  @ApiProperty({ type: String, nullable: true, description: 'The provider’s id of the transfer, once settled.' })
  providerReference: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the provider declined it (failed payments).' })
  failureReason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it succeeded or failed.' })
  settledAt: Date | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: Date;
}
