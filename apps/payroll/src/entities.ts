import { Posting } from './accounting/posting.entity';
import { PeriodClaim } from './runs/period-claim.entity';
import { PayrollRun } from './runs/payroll-run.entity';
import { Payslip } from './runs/payslip.entity';

export const PAYROLL_ENTITIES = [PayrollRun, Payslip, PeriodClaim, Posting];
