import { Body, Controller, HttpCode } from '@nestjs/common';
import { HrContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { PayrollInputsRequestDto } from './dto/payroll-inputs.dto';
import { PayrollInputsService } from './payroll-inputs.service';

/** Payroll's one view of HR, for a company and a period; outside /api/v1, so the Ingress never routes it. */
@Controller()
export class InternalPayrollInputsController {
  constructor(private readonly inputs: PayrollInputsService) {}

  /** A POST because a page names up to 1,000 employees, more than a query string carries; it reads and changes nothing. */
  @Internal(HrContract.PAYROLL_INPUTS)
  @HttpCode(200)
  payrollInputs(@Body() request: PayrollInputsRequestDto) {
    return this.inputs.page(request);
  }
}
