import 'reflect-metadata';
import { runService } from '@platform/common';
import { AUTH_SERVICE, AUTH_UNPREFIXED, AuthModule } from './auth.module';

void runService(AuthModule, AUTH_SERVICE, { unprefixed: AUTH_UNPREFIXED });
