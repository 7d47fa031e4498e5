import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { ApiIdParam } from '../shared/validation';
import { ContractsService } from './contracts.service';
import { ContractView, CreateContractDto, ListContractsQueryDto, UpdateContractDto } from './dto/contract.dto';

const contractId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('CONTRACT_NOT_FOUND') });

@ApiTag('Contracts', 'Employment contracts with base salary, allowances and deductions in minor units; one contract in force per employee at a time.')
@Controller('contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create a contract',
    description: 'endDate is required for fixed_term and internship contracts and may not be before startDate (VALIDATION_FAILED otherwise).',
  })
  @ApiEnvelope(201, ContractView, 'Contract created, active unless sent with status draft.')
  @ApiErrors('USER_NOT_FOUND', 'CONTRACT_OVERLAP')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateContractDto) {
    return this.contracts.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('hr:read')
  @ApiOperation({ summary: 'List contracts' })
  @ApiEnvelope(200, ContractView, 'The company’s contracts, oldest first.', { page: true })
  list(@Tenant() tenant: TenantContext, @Query() query: ListContractsQueryDto) {
    return this.contracts.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('hr:read')
  @ApiIdParam('contract')
  @ApiOperation({ summary: 'Get a contract' })
  @ApiEnvelope(200, ContractView, 'The contract.')
  @ApiErrors('CONTRACT_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', contractId) id: string) {
    return this.contracts.get(tenant.companyId, id);
  }

  @Patch(':id')
  @Authenticated('hr:write')
  @ApiIdParam('contract')
  @ApiOperation({ summary: 'Update, activate or end a contract', description: 'A draft becomes active, an active contract ends; an ended contract is read-only.' })
  @ApiEnvelope(200, ContractView, 'The contract after the change.')
  @ApiErrors('CONTRACT_NOT_FOUND', 'CONTRACT_NOT_EDITABLE', 'CONTRACT_INVALID_TRANSITION', 'CONTRACT_OVERLAP')
  update(@Tenant() tenant: TenantContext, @Param('id', contractId) id: string, @Body() body: UpdateContractDto) {
    return this.contracts.update(tenant.companyId, id, body);
  }
}
