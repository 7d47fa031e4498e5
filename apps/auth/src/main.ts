import 'reflect-metadata';
import '@platform/pipeline/runtime/preload';
import { runService } from '@platform/pipeline';
import { AUTH_SERVICE, AuthModule } from './auth.module';

void runService(AuthModule, AUTH_SERVICE);
