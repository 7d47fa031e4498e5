import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Public, RawResponse } from '@platform/common';
import { SigningKeys } from './signing-keys.service';

@ApiTags('Authorization')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  /** Public keys that verify access tokens (RFC 7517), by `kid`. */
  @Get('jwks.json')
  @Public()
  @SkipThrottle()
  @RawResponse()
  @Header('cache-control', 'public, max-age=300')
  @ApiOkResponse({ description: 'A JSON Web Key Set: `{ keys: [{ kty, crv, x, y, kid, alg, use }] }`' })
  jwks() {
    return { keys: [this.keys.jwk] };
  }
}
