import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ALL_EVENT_TYPES } from '@platform/contracts';

/** The events API lists what happened in the last 30 days. */
export const EVENTS_RETENTION_DAYS = 30;

export class ListEventsQueryDto {
  @ApiPropertyOptional({ enum: [...ALL_EVENT_TYPES], description: 'Only events of this type.' })
  @IsOptional()
  @IsIn(ALL_EVENT_TYPES as string[])
  type?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Cursor: `nextAfter` of the previous page; 0 (default) starts from the oldest event kept (30 days).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  after: number = 0;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit: number = 100;
}
