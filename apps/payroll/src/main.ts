import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { PayrollModule, PAYROLL_SERVICE } from './payroll.module';

void runService(PayrollModule, PAYROLL_SERVICE);
