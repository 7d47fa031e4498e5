import { PayrollModule } from '../src/payroll.module';
import { describeServiceBasics } from '@test/support/service-basics';

describeServiceBasics(PayrollModule, 'payroll');
