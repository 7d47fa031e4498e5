import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiTag, Authenticated, Tenant, TenantContext } from '@platform/pipeline';
import { BooksSettingsViewDto } from './dto/settings-views.dto';
import { BooksSettingsService } from './books-settings.service';

@ApiTag('Books settings', 'A company’s book currency, closing date and chart state.')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: BooksSettingsService) {}

  @Get()
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read the book settings' })
  @ApiEnvelope(
    200,
    BooksSettingsViewDto,
    'The book currency (ISO 4217, default XAF), the last closed date (null when none) and whether the default chart was installed.',
  )
  get(@Tenant() tenant: TenantContext) {
    return this.settings.view(tenant.companyId);
  }
}
