import { PayModule } from '../src/pay.module';
import { describeServiceBasics } from '@test/support/service-basics';

describeServiceBasics(PayModule, 'pay');
