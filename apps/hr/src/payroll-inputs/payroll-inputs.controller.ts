import { Controller, Query } from '@nestjs/common';
import { HrContract, Internal } from '@platform/common';
import { PayrollInputsQueryDto } from './dto/payroll-inputs.dto';
import { PayrollInputsService } from './payroll-inputs.service';

/** Payroll's one view of HR, for a company and a period; outside /api/v1, so the Ingress never routes it. */
@Controller()
export class PayrollInputsController {
  constructor(private readonly inputs: PayrollInputsService) {}

  @Internal(HrContract.PAYROLL_INPUTS)
  payrollInputs(@Query() query: PayrollInputsQueryDto) {
    return this.inputs.inputs(query);
  }
}
