import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, Authenticated, SuccessMessage, Tenant, TenantContext } from '@platform/pipeline';
import { PreferencesView, PreferenceView } from './dto/notification-views.dto';
import { NotificationsTag } from './notifications.controller';
import { UpdatePreferenceDto } from './dto/update-preference.dto';
import { PreferencesService } from './preferences.service';

@NotificationsTag()
@Controller('notifications/preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  @Authenticated('app:read')
  @ApiOperation({ summary: 'List notification preferences' })
  @ApiEnvelope(
    200,
    PreferencesView,
    'The nine categories, each with its channels: stored, or the defaults (inApp, email, push on; sms, whatsapp off) for a category never set.',
  )
  list(@Tenant() tenant: TenantContext) {
    return this.preferences.list(tenant.companyId);
  }

  @Patch()
  @Authenticated('app:write')
  @SuccessMessage('preferenceUpdated')
  @ApiOperation({ summary: 'Change a notification preference' })
  @ApiEnvelope(200, PreferenceView, 'The whole preference after the change; the flags not sent keep their value.')
  update(@Tenant() tenant: TenantContext, @Body() body: UpdatePreferenceDto) {
    return this.preferences.update(tenant.companyId, body);
  }
}
