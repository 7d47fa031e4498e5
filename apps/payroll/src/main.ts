import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { PayrollModule, PAYROLL_SERVICE } from './payroll.module';

void runService(PayrollModule, PAYROLL_SERVICE);
