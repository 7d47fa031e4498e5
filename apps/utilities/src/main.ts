import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { UTILITIES_SERVICE, UtilitiesModule } from './utilities.module';

void runService(UtilitiesModule, UTILITIES_SERVICE);
