import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { PayModule, PAY_SERVICE } from './pay.module';

void runService(PayModule, PAY_SERVICE);
