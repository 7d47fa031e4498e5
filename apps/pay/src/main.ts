import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { PayModule, PAY_SERVICE } from './pay.module';

void runService(PayModule, PAY_SERVICE);
