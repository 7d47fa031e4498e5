import 'reflect-metadata';
import '@platform/common/runtime/preload';
import { runService } from '@platform/common';
import { AUTH_SERVICE, AuthModule } from './auth.module';

void runService(AuthModule, AUTH_SERVICE);
