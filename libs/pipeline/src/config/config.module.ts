import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Environment, validateEnvironment } from './environment';

/**
 * Loads `.env` when present and provides the validated Environment. Validation runs when an
 * app is created (not when its module file is imported), so a bad setting stops the boot with
 * a message naming it, and the one-machine suite can settle defaults first.
 */
@Global()
@Module({
  imports: [ConfigModule.forRoot({ cache: true })],
  providers: [{ provide: Environment, useFactory: () => validateEnvironment(process.env) }],
  exports: [Environment],
})
export class PlatformConfigModule {}
