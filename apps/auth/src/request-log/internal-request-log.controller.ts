import { Body, Controller, HttpCode } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsISO8601, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AuthContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { RequestLogService } from './request-log.service';

class RequestRecordDto implements AuthContract.RequestRecord {
  @IsUUID()
  credentialId: string;

  @IsUUID()
  organizationId: string;

  @Matches(/^[a-z]{2,20}$/)
  product: string;

  @Matches(/^[A-Z]{3,10}$/)
  method: string;

  @IsString()
  @MaxLength(200)
  route: string;

  @IsInt()
  @Min(100)
  @Max(599)
  status: number;

  // within a \`real\` column, whatever a sender measures
  @IsNumber()
  @Min(0)
  @Max(1e9)
  durationMs: number;

  @IsString()
  @MaxLength(128)
  requestId: string;

  // a time a Date (and a timestamptz) holds
  @IsInt()
  @Min(0)
  @Max(8.64e15)
  at: number;
}

class UsageCountDto implements AuthContract.UsageCount {
  @IsUUID()
  organizationId: string;

  @IsUUID()
  credentialId: string;

  @Matches(/^[a-z]{2,20}$/)
  product: string;

  // a real day: a value PostgreSQL would refuse would fail the whole call again and again
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  @IsISO8601({ strict: true })
  day: string;

  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  requests: number;
}

/**
 * A call of a batch. A sender sends at most RECORDS_PER_CALL records and COUNTS_PER_CALL counts in
 * one; this takes whatever else fits the input limits (10,000 values: 999 records alone, as a
 * sender of the release before may send), and 1,000 of each at most.
 */
class RequestRecordsDto implements AuthContract.RequestRecords {
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => RequestRecordDto)
  items: RequestRecordDto[];

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => UsageCountDto)
  usage: UsageCountDto[];
}

/** Where services send the requests they served (RequestLog in libs/pipeline); outside /api/v1, behind the internal token. */
@Controller()
export class InternalRequestLogController {
  constructor(private readonly log: RequestLogService) {}

  @Internal(AuthContract.RECORD_REQUESTS)
  @HttpCode(200)
  async record(@Body() body: RequestRecordsDto) {
    return { recorded: await this.log.record(body) };
  }
}
