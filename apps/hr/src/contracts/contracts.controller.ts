import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, BodyLimit, negotiateLanguage, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { EMPLOYEE_NOT_FOUND } from '@platform/contracts';
import { ApiIdParam } from '../shared/validation';
import { ContractsBulkService } from './contracts-bulk.service';
import { ContractsService } from './contracts.service';
import {
  BULK_CONTRACTS_BODY_BYTES,
  BulkContractsDto,
  CreateContractDto,
  ListContractsQueryDto,
  MAX_BULK_CONTRACTS,
  UpdateContractDto,
} from './dto/contract.dto';
import { BulkContractsView, ContractView } from './dto/contracts-views.dto';

const contractId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('CONTRACT_NOT_FOUND') });

const NEW_CONTRACT = {
  externalId: 'CTR-0042-2025',
  employeeExternalId: 'EMP-0042',
  type: 'permanent',
  startDate: '2025-01-01',
  baseSalary: 350000,
  currency: 'XAF',
  payFrequency: 'monthly',
};

@ApiTag(
  'Contracts',
  'Employment contracts with base salary, allowances and deductions in minor units; one contract in force per employee at a time. POST creates or syncs by externalId.',
)
@Controller('contracts')
export class ContractsController {
  constructor(
    private readonly contracts: ContractsService,
    private readonly bulk: ContractsBulkService,
  ) {}

  @Post()
  @HttpCode(201)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create or sync a contract',
    description:
      'Creates the contract for the employee named by `employeeId` or `employeeExternalId`, or, when the company already has one with this `externalId`, applies the fields sent to it as PATCH /contracts/{id} does (those left out keep their value; `status` may then end it); sent again unchanged, it changes nothing. ' +
      'endDate is required for fixed_term and internship contracts and may not be before startDate (VALIDATION_FAILED otherwise).',
  })
  @ApiBody({
    type: CreateContractDto,
    examples: {
      byExternalIds: {
        summary: 'Synced by your ids',
        value: { ...NEW_CONTRACT, allowances: [{ code: 'TRANSPORT', name: 'Transport allowance', amount: 25000 }] },
      },
      byEmployeeId: {
        summary: 'For an employee by id',
        value: {
          employeeId: '3f2b8c1e-4d5a-4f6b-9c7d-8e9f0a1b2c3d',
          type: 'fixed_term',
          startDate: '2025-01-01',
          endDate: '2025-12-31',
          baseSalary: 350000,
          currency: 'XAF',
          payFrequency: 'monthly',
        },
      },
    },
  })
  @ApiEnvelope(201, ContractView, 'Contract created, active unless sent with status draft.')
  @ApiEnvelope(200, ContractView, 'The company had a contract with this externalId: it was synchronized (same id).')
  @ApiErrors(EMPLOYEE_NOT_FOUND, 'CONTRACT_OVERLAP', 'CONTRACT_EXTERNAL_ID_CONFLICT', 'CONTRACT_NOT_EDITABLE', 'CONTRACT_INVALID_TRANSITION')
  async createOrSync(@Tenant() tenant: TenantContext, @Body() body: CreateContractDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { contract, created } = await this.contracts.createOrSync(tenant.companyId, body);
    if (!created) void reply.status(200);
    return contract;
  }

  @Post('bulk')
  @HttpCode(200)
  @BodyLimit(BULK_CONTRACTS_BODY_BYTES)
  @Authenticated('hr:write')
  @ApiOperation({
    summary: 'Create or sync contracts in bulk',
    description:
      `Up to ${MAX_BULK_CONTRACTS} contracts, each as POST /contracts takes it with its \`externalId\` (required here), created or synced by it in one transaction and applied in the order sent: ` +
      'an item sees what the items before it did, so one call may end an employee’s contract and start the next. ' +
      'Each item is checked on its own: an invalid item fails alone (`status: failed` with the error envelope POST /contracts would answer: VALIDATION_FAILED, USER_NOT_FOUND, CONTRACT_OVERLAP, …), the others are written. ' +
      'The answer is 200 whenever the list could be read, with one result per item in the order sent; only a body that is not such a list (not an array, more than ' +
      `${MAX_BULK_CONTRACTS} items, past the body limits) is refused whole with 400, and a body over ${BULK_CONTRACTS_BODY_BYTES / 1024 / 1024} MiB with 413. Sending the same items again changes nothing (\`unchanged\`). ` +
      'Emits contract.activated and contract.ended as the single routes do.',
  })
  @ApiBody({
    type: BulkContractsDto,
    examples: {
      two: {
        summary: 'A raise by a new contract: the current one ends, the next starts',
        value: {
          items: [
            { ...NEW_CONTRACT, status: 'ended', endDate: '2025-12-31' },
            { ...NEW_CONTRACT, externalId: 'CTR-0042-2026', startDate: '2026-01-01', baseSalary: 400000 },
          ],
        },
      },
    },
  })
  @ApiEnvelope(200, BulkContractsView, 'What became of each item, and how many of each outcome.')
  upsertMany(@Tenant() tenant: TenantContext, @Body() body: BulkContractsDto, @Headers('accept-language') acceptLanguage?: string) {
    return this.bulk.upsert(tenant.companyId, body.items, negotiateLanguage(acceptLanguage));
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
  @ApiOperation({
    summary: 'Update, activate or end a contract',
    description: 'A draft becomes active, an active contract ends; an ended contract is read-only.',
  })
  @ApiEnvelope(200, ContractView, 'The contract after the change.')
  @ApiErrors('CONTRACT_NOT_FOUND', 'CONTRACT_NOT_EDITABLE', 'CONTRACT_INVALID_TRANSITION', 'CONTRACT_OVERLAP', 'CONTRACT_EXTERNAL_ID_CONFLICT')
  update(@Tenant() tenant: TenantContext, @Param('id', contractId) id: string, @Body() body: UpdateContractDto) {
    return this.contracts.update(tenant.companyId, id, body);
  }
}
