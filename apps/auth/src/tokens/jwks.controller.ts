import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiTag, Public, RawResponse } from '@platform/pipeline';
import { SigningKeys } from './signing-keys.service';

@ApiTag('Authorization', 'Exchanging a key and secret for a token, the plan and usage of the credential, and rotating its secret.')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  /** Public keys that verify access tokens and the gateway's session tokens (RFC 7517), by `kid`. */
  @Get('jwks.json')
  @Public()
  @SkipThrottle()
  @RawResponse()
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({
    summary: 'Read the public keys that verify access tokens',
    description: 'Also lists the key of the session tokens the gateway forwards (`typ` `session+jwt`, its own `kid`): never valid as an access token.',
  })
  @ApiOkResponse({
    description: 'A JSON Web Key Set (RFC 7517), as it is: not in the envelope.',
    schema: {
      type: 'object',
      required: ['keys'],
      properties: {
        keys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kty', 'kid', 'alg', 'use'],
            properties: {
              kty: { type: 'string', enum: ['EC'] },
              crv: { type: 'string', enum: ['P-256'] },
              x: { type: 'string' },
              y: { type: 'string' },
              kid: { type: 'string' },
              alg: { type: 'string', enum: ['ES256'] },
              use: { type: 'string', enum: ['sig'] },
            },
          },
        },
      },
    },
  })
  jwks() {
    return { keys: [this.keys.jwk, this.keys.sessionJwk] };
  }
}
