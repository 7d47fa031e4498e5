import { Body, Controller, Get, Patch } from '@nestjs/common';
import { RouteSchema } from '@nestjs/platform-fastify';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, SuccessMessage, Tenant, TenantContext } from '@platform/common';
import { UpdatePreferenceDto } from './dto/update-preference.dto';
import { PreferencesService } from './preferences.service';

const PREFERENCE = {
  type: 'object',
  properties: {
    category: { type: 'string' },
    inApp: { type: 'boolean' },
    email: { type: 'boolean' },
    push: { type: 'boolean' },
    sms: { type: 'boolean' },
    whatsapp: { type: 'boolean' },
    updatedAt: { type: ['string', 'null'] },
  },
} as const;

/** The enveloped list, so Fastify serializes this hot read with a compiled serializer. */
const PREFERENCE_LIST_RESPONSE = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: { type: 'object', properties: { items: { type: 'array', items: PREFERENCE } } },
  },
} as const;

@ApiTags('Notifications')
@Controller('notifications/preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  @Authenticated('app:read')
  @RouteSchema({ response: { 200: PREFERENCE_LIST_RESPONSE } })
  @ApiOkResponse({ description: '`data.items`: the nine categories, each `{ category, inApp, email, push, sms, whatsapp, updatedAt }`' })
  async list(@Tenant() tenant: TenantContext) {
    return { items: await this.preferences.list(tenant.companyId) };
  }

  @Patch()
  @Authenticated('app:write')
  @SuccessMessage('preferenceUpdated')
  @ApiOkResponse({ description: '`data`: the whole preference after the change: `{ category, inApp, email, push, sms, whatsapp, updatedAt }`' })
  update(@Tenant() tenant: TenantContext, @Body() body: UpdatePreferenceDto) {
    return this.preferences.update(tenant.companyId, body);
  }
}
