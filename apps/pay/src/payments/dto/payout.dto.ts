import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsUUID, Matches } from 'class-validator';
import { PayContract } from '@platform/contracts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../idempotency/idempotency';
import { UUID } from '../../money/validation';
import { CreatePaymentDto } from './payment.dto';

/** One payment of a bulk payout, checked on its own (an invalid item fails alone): the single route's body and its key. */
export class PayoutItemDto extends CreatePaymentDto implements PayContract.PayoutItem {
  @Matches(IDEMPOTENCY_KEY_PATTERN)
  idempotencyKey: string;
}

/** Up to MAX_BULK_PAYOUTS items; each item's fields are checked by the service, item by item. */
export class BulkPayoutDto {
  @ApiProperty({ ...UUID })
  @IsUUID('all', { message: 'companyId must be a UUID' })
  companyId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(PayContract.MAX_BULK_PAYOUTS)
  @IsObject({ each: true })
  items: PayContract.PayoutItem[];
}
