import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { AccountsService } from './accounts.service';
import { CreateAccountDto, InstallChartDto, ListAccountsQueryDto, UpdateAccountDto } from './dto/account.dto';

const accountId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('ACCOUNT_NOT_FOUND') });

@ApiTags('Accounts')
@Controller('accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  @Authenticated('books:write')
  @ApiCreatedResponse({ description: 'The account: `{ id, code, name, type, active, createdAt, updatedAt }`.' })
  @ApiConflictResponse({ description: 'ACCOUNT_CODE_CONFLICT: the company already has an account with this code' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateAccountDto) {
    return this.accounts.create(tenant.companyId, body);
  }

  @Post('default-chart')
  @HttpCode(200)
  @Authenticated('books:write')
  @ApiOkResponse({ description: '`{ currency, created, alreadyPresent }`: the SYSCOHADA default chart (classes 1–8) is installed; installing again adds only what is missing.' })
  @ApiBadRequestResponse({ description: 'BOOKS_CURRENCY_MISMATCH: another currency asked for once entries are posted' })
  installDefaultChart(@Tenant() tenant: TenantContext, @Body() body: InstallChartDto) {
    return this.accounts.installDefaultChart(tenant.companyId, body);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOkResponse({ description: 'Accounts by code (filters `type`, `active`, `codePrefix`), paginated.' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListAccountsQueryDto) {
    return this.accounts.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_FOUND (also for another company’s account)' })
  get(@Tenant() tenant: TenantContext, @Param('id', accountId) id: string) {
    return this.accounts.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('books:write')
  @ApiOkResponse({ description: 'The account after the change. The code never changes.' })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_FOUND' })
  @ApiConflictResponse({ description: 'ACCOUNT_TYPE_LOCKED: the type of an account with entries cannot change' })
  update(@Tenant() tenant: TenantContext, @Param('id', accountId) id: string, @Body() body: UpdateAccountDto) {
    return this.accounts.update(tenant.companyId, id, body);
  }
}
