import { Controller, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { Internal, PayrollContract, PlatformException } from '@platform/common';
import { Payslip } from './payslip.entity';
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
  constructor(
    private readonly runs: RunsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * The payslips after `after` in name order, on the (company, run, name, id) index: one page
   * costs the same at any depth. A page one row longer than asked says whether another follows.
   */
  @Internal(PayrollContract.RUN_PAYSLIPS)
  async payslips(@Param('runId', runId) id: string, @Query() query: InternalPayslipsQueryDto) {
    const { companyId, employeeId, after } = query;
    const limit = query.limit ?? PayrollContract.RUN_PAYSLIPS_PAGE_SIZE;
    const run = await this.runs.get(companyId, id);
    const slips = this.dataSource.getRepository(Payslip);
    const builder = slips
      .createQueryBuilder('slip')
      .where('slip.companyId = :companyId AND slip.runId = :id', { companyId, id })
      .orderBy('slip.employeeName', 'ASC')
      .addOrderBy('slip.id', 'ASC')
      .limit(limit + 1);
    if (employeeId) builder.andWhere('slip.employeeId = :employeeId', { employeeId });
    if (after) {
      const last = await slips.findOne({ select: { id: true, employeeName: true }, where: { companyId, runId: id, id: after } });
      // a payslip no longer in the run (recalculated meanwhile) ends the walk: the run's version says why
      if (!last) return { run, payslips: [], nextAfter: null };
      builder.andWhere('(slip.employeeName, slip.id) > (:lastName, :lastId)', { lastName: last.employeeName, lastId: last.id });
    }
    const rows = await builder.getMany();
    const payslips = rows.slice(0, limit);
    return { run, payslips, nextAfter: rows.length > limit ? payslips[payslips.length - 1].id : null };
  }
}
