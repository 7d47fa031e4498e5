import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { HR_SERVICE, HrModule } from './hr.module';

void runService(HrModule, HR_SERVICE);
