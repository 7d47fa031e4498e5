import 'reflect-metadata';
import { runService } from '@platform/common';
import { HR_SERVICE, HrModule } from './hr.module';

void runService(HrModule, HR_SERVICE);
