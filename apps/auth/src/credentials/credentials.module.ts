import { Module } from '@nestjs/common';
import { CredentialsService } from './credentials.service';

/** Organizations' developer credentials: keys, hashed secrets, rotation. */
@Module({
  providers: [CredentialsService],
  exports: [CredentialsService],
})
export class CredentialsModule {}
