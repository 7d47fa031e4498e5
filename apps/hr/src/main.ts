import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { HR_SERVICE, HrModule } from './hr.module';

void runService(HrModule, HR_SERVICE);
