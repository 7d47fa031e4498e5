import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { UTILITIES_SERVICE, UtilitiesModule } from './utilities.module';

void runService(UtilitiesModule, UTILITIES_SERVICE);
