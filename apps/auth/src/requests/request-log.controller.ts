import { Body, Controller, HttpCode } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AuthContract, Internal, MAX_PER_BATCH } from '@platform/common';
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

  @IsNumber()
  @Min(0)
  durationMs: number;

  @IsString()
  @MaxLength(128)
  requestId: string;

  @IsInt()
  @Min(0)
  at: number;
}

class UsageCountDto implements AuthContract.UsageCount {
  @IsUUID()
  organizationId: string;

  @IsUUID()
  credentialId: string;

  @Matches(/^[a-z]{2,20}$/)
  product: string;

  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  day: string;

  @IsInt()
  @Min(1)
  requests: number;
}

/** A batch: each service instance sends at most one a second, with at most MAX_PER_BATCH requests. */
class RequestRecordsDto implements AuthContract.RequestRecords {
  @IsArray()
  @ArrayMaxSize(MAX_PER_BATCH)
  @ValidateNested({ each: true })
  @Type(() => RequestRecordDto)
  items: RequestRecordDto[];

  @IsArray()
  @ArrayMaxSize(MAX_PER_BATCH)
  @ValidateNested({ each: true })
  @Type(() => UsageCountDto)
  usage: UsageCountDto[];
}

/** Where services send the requests they served (libs/common RequestLog); outside /api/v1, behind the internal token. */
@Controller()
export class RequestLogController {
  constructor(private readonly log: RequestLogService) {}

  @Internal(AuthContract.RECORD_REQUESTS)
  @HttpCode(200)
  async record(@Body() body: RequestRecordsDto) {
    return { recorded: await this.log.record(body) };
  }
}
