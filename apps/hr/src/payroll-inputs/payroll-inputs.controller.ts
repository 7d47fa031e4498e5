import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Internal, RawResponse } from '@platform/common';
import { PayrollInputsQueryDto } from './dto/payroll-inputs.dto';
import { PayrollInputsService } from './payroll-inputs.service';

/** Payroll's one view of HR, for a company and a period; outside /api/v1, so the Ingress never routes it. */
@ApiExcludeController()
@Internal()
@RawResponse()
@Controller('internal/v1/hr')
export class PayrollInputsController {
  constructor(private readonly inputs: PayrollInputsService) {}

  @Get('payroll-inputs')
  payrollInputs(@Query() query: PayrollInputsQueryDto) {
    return this.inputs.inputs(query);
  }
}
