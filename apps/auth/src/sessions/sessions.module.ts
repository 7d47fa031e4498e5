import { Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/** Dashboard sessions: the accounts module opens and ends them, the identity feed lists those ended. */
@Module({
  providers: [SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
