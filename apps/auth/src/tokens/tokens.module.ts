import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller';
import { SigningKeys } from './signing-keys.service';
import { TokensService } from './tokens.service';

/** The signing key, the access tokens it signs and the JWKS that verifies them. */
@Module({
  controllers: [JwksController],
  providers: [SigningKeys, TokensService],
  exports: [SigningKeys, TokensService],
})
export class TokensModule {}
