import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDate, IsIn, IsOptional, MaxDate, MinDate } from 'class-validator';
import { PageQueryDto } from '@platform/pipeline';
import { DELIVERY_STATUSES, DeliveryStatus } from '../webhook-delivery.entity';

export class ListDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;
}

const DAY_MS = 86_400_000;

export class RecoverDeliveriesDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-11-20T08:00:00Z',
    description: 'Failed deliveries created from this time on (at most 30 days ago) are tried again.',
  })
  @Type(() => Date)
  @IsDate()
  @MinDate(() => new Date(Date.now() - 30 * DAY_MS), { message: 'since must be within the last 30 days' })
  @MaxDate(() => new Date(Date.now() + 60_000), { message: 'since must not be in the future' })
  since: Date;
}
