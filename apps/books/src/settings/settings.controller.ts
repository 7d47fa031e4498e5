import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Tenant, TenantContext } from '@platform/common';
import { BooksSettingsService } from './books-settings.service';

@ApiTags('Books settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: BooksSettingsService) {}

  @Get()
  @Authenticated('books:read')
  @ApiOkResponse({ description: '`{ currency, closedThrough, chartInstalled }`: the book currency (ISO 4217, default XAF), the last closed date (null when none) and whether the default chart was installed.' })
  get(@Tenant() tenant: TenantContext) {
    return this.settings.view(tenant.companyId);
  }
}
