import { Module } from '@nestjs/common';
import { describeService, PlatformModule } from '@platform/common';
import { AuthCoreModule } from './auth-core.module';
import { AUTH_ENTITIES } from './entities';
import { InternalController } from './identity/internal.controller';
import { AUTH_MIGRATIONS } from './migrations';
import { AuthorizeController } from './tokens/authorize.controller';
import { JwksController } from './tokens/jwks.controller';
import { WorkspacesController } from './workspaces/workspaces.controller';

export const AUTH_SERVICE = describeService('auth');

@Module({
  imports: [PlatformModule.forService({ service: AUTH_SERVICE, data: { entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS } }), AuthCoreModule],
  controllers: [AuthorizeController, JwksController, WorkspacesController, InternalController],
})
export class AuthModule {}
