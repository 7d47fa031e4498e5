import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { AccountsService } from './accounts.service';
import { CreateAccountDto, InstallChartDto, ListAccountsQueryDto, UpdateAccountDto } from './dto/account.dto';
import { AccountView, ChartInstallationView } from './dto/account-views.dto';

const accountId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('ACCOUNT_NOT_FOUND') });

@ApiTag('Accounts', 'The chart of accounts: accounts by code, and the SYSCOHADA default chart installed in one idempotent call.')
@Controller('accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  @Authenticated('books:write')
  @ApiOperation({ summary: 'Create an account' })
  @ApiEnvelope(201, AccountView, 'The account.')
  @ApiErrors('ACCOUNT_CODE_CONFLICT')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateAccountDto) {
    return this.accounts.create(tenant.companyId, body);
  }

  @Post('default-chart')
  @HttpCode(200)
  @Authenticated('books:write')
  @ApiOperation({
    summary: 'Install the SYSCOHADA default chart',
    description: 'Installs the chart (classes 1–8) and, when asked, sets the book currency; installing again adds only what is missing.',
  })
  @ApiEnvelope(200, ChartInstallationView, 'The chart is installed; the book currency and what was added.')
  @ApiErrors('BOOKS_CURRENCY_MISMATCH')
  installDefaultChart(@Tenant() tenant: TenantContext, @Body() body: InstallChartDto) {
    return this.accounts.installDefaultChart(tenant.companyId, body);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOperation({ summary: 'List accounts' })
  @ApiEnvelope(200, AccountView, 'Accounts by code (filters `type`, `active`, `codePrefix`), paginated.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListAccountsQueryDto) {
    return this.accounts.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read an account' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(200, AccountView, 'The account.')
  @ApiErrors('ACCOUNT_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', accountId) id: string) {
    return this.accounts.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('books:write')
  @ApiOperation({ summary: 'Rename, retype or (de)activate an account', description: 'The code never changes; the type only while the account has no entry.' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(200, AccountView, 'The account after the change.')
  @ApiErrors('ACCOUNT_NOT_FOUND', 'ACCOUNT_TYPE_LOCKED')
  update(@Tenant() tenant: TenantContext, @Param('id', accountId) id: string, @Body() body: UpdateAccountDto) {
    return this.accounts.update(tenant.companyId, id, body);
  }
}
