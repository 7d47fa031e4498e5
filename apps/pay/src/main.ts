import 'reflect-metadata';
import { runService } from '@platform/common';
import { PayModule, PAY_SERVICE } from './pay.module';

void runService(PayModule, PAY_SERVICE);
