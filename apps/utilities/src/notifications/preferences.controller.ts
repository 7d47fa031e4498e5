import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, SuccessMessage, Tenant, TenantContext } from '@platform/common';
import { UpdatePreferenceDto } from './dto/update-preference.dto';
import { PreferencesService } from './preferences.service';

@ApiTags('Notifications')
@Controller('notifications/preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  @Authenticated('app:read')
  @ApiOkResponse({ description: '`data.items`: the nine categories, each `{ category, inApp, email, push, sms, whatsapp, updatedAt }`' })
  list(@Tenant() tenant: TenantContext) {
    return this.preferences.list(tenant.companyId);
  }

  @Patch()
  @Authenticated('app:write')
  @SuccessMessage('preferenceUpdated')
  @ApiOkResponse({ description: '`data`: the whole preference after the change: `{ category, inApp, email, push, sms, whatsapp, updatedAt }`' })
  update(@Tenant() tenant: TenantContext, @Body() body: UpdatePreferenceDto) {
    return this.preferences.update(tenant.companyId, body);
  }
}
