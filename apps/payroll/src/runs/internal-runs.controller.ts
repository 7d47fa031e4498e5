import { Controller, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { PayrollContract } from '@platform/contracts';
import { Internal, PlatformException } from '@platform/pipeline';
import { RunsService } from './runs.service';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value);

class InternalPayslipsQueryDto implements PayrollContract.RunPayslipsQuery {
  @IsUUID()
  @Transform(lower)
  companyId: string;

  @IsOptional()
  @IsUUID()
  @Transform(lower)
  employeeId?: string;

  @IsOptional()
  @IsUUID()
  @Transform(lower)
  after?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PayrollContract.RUN_PAYSLIPS_PAGE_SIZE)
  limit?: number;
}

const runId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYROLL_RUN_NOT_FOUND') });

/**
 * Utilities renders payslips from here: a run of the company with its payslips (every earning,
 * deduction and employer contribution), a page at a time or one employee's. Outside /api/v1, so
 * the Ingress never routes it; behind the internal token.
 */
@Controller()
export class InternalRunsController {
  constructor(private readonly runs: RunsService) {}

  /** The payslips after `after` in name order; one page costs the same at any depth. */
  @Internal(PayrollContract.RUN_PAYSLIPS)
  payslips(@Param('runId', runId) id: string, @Query() query: InternalPayslipsQueryDto) {
    const { companyId, employeeId, after } = query;
    return this.runs.payslipsAfter(companyId, id, { employeeId, after, limit: query.limit ?? PayrollContract.RUN_PAYSLIPS_PAGE_SIZE });
  }
}
