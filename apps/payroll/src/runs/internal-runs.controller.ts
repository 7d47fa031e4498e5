import { Controller, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsUUID } from 'class-validator';
import { Internal, PayrollContract, PlatformException } from '@platform/common';
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
}

const runId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('PAYROLL_RUN_NOT_FOUND') });

/**
 * Utilities renders payslips from here: a run of the company with its payslips (every earning,
 * deduction and employer contribution), all of them or one employee's. Outside /api/v1, so the
 * Ingress never routes it; behind the internal token.
 */
@Controller()
export class InternalRunsController {
  constructor(private readonly runs: RunsService) {}

  @Internal(PayrollContract.RUN_PAYSLIPS)
  payslips(@Param('runId', runId) id: string, @Query() query: InternalPayslipsQueryDto) {
    return this.runs.runWithPayslips(query.companyId, id, query.employeeId);
  }
}
