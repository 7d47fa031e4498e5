import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { ContractsService } from './contracts.service';
import { CreateContractDto, ListContractsQueryDto, UpdateContractDto } from './dto/contract.dto';

const contractId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('CONTRACT_NOT_FOUND') });

@ApiTags('Contracts')
@Controller('contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiCreatedResponse({ description: 'Contract created, active unless sent with status draft.' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED (endDate missing for fixed_term/internship, or before startDate)' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: employeeId is not an employee of the company' })
  @ApiConflictResponse({ description: 'CONTRACT_OVERLAP: another active or ended contract of the employee overlaps these dates' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateContractDto) {
    return this.contracts.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOkResponse({ description: '`data`: `{ items, page, limit, total }`' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListContractsQueryDto) {
    return this.contracts.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiOkResponse({ description: 'The contract.' })
  @ApiNotFoundResponse({ description: 'CONTRACT_NOT_FOUND (also for another company’s contract)' })
  get(@Tenant() tenant: TenantContext, @Param('id', contractId) id: string) {
    return this.contracts.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiOkResponse({ description: 'The contract after the change.' })
  @ApiNotFoundResponse({ description: 'CONTRACT_NOT_FOUND' })
  @ApiConflictResponse({ description: 'CONTRACT_NOT_EDITABLE (ended), CONTRACT_INVALID_TRANSITION, CONTRACT_OVERLAP' })
  update(@Tenant() tenant: TenantContext, @Param('id', contractId) id: string, @Body() body: UpdateContractDto) {
    return this.contracts.update(tenant.companyId, id, body);
  }
}
