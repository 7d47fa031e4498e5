import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, CurrentPrincipal, PageQueryDto, PlatformException, Principal } from '@platform/pipeline';
import { CompanyView, CreateCompanyDto, CreateWorkspaceDto, WorkspaceView } from './dto/workspace.dto';
import { WorkspacesService } from './workspaces.service';

const workspaceId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WORKSPACE_NOT_FOUND') });

@ApiTag(
  'Workspaces',
  'A partner’s workspaces and the client companies in them; send X-Workspace-Id and X-Acting-Company-Id to any product route to act for a company.',
)
@Controller('workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Post()
  @Authenticated('auth:write')
  @ApiOperation({ summary: 'Create a workspace' })
  @ApiEnvelope(201, WorkspaceView, 'The workspace.')
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWorkspaceDto) {
    return this.workspaces.create(principal.organizationId, body);
  }

  @Get()
  @Authenticated('auth:read')
  @ApiOperation({ summary: 'List the organization’s workspaces' })
  @ApiEnvelope(200, WorkspaceView, 'The workspaces, oldest first, paginated.', { page: true })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto) {
    return this.workspaces.list(principal.organizationId, query);
  }

  @Post(':id/companies')
  @Authenticated('auth:write')
  @ApiOperation({ summary: 'Add a client company to a workspace' })
  @ApiParam({ name: 'id', description: 'The workspace.', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(201, CompanyView, 'The client company.')
  @ApiErrors('WORKSPACE_NOT_FOUND')
  addCompany(@CurrentPrincipal() principal: Principal, @Param('id', workspaceId) id: string, @Body() body: CreateCompanyDto) {
    return this.workspaces.addCompany(principal.organizationId, id, body);
  }

  @Get(':id/companies')
  @Authenticated('auth:read')
  @ApiOperation({ summary: 'List a workspace’s client companies' })
  @ApiParam({ name: 'id', description: 'The workspace.', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(200, CompanyView, 'The workspace’s companies, oldest first, paginated.', { page: true })
  @ApiErrors('WORKSPACE_NOT_FOUND')
  listCompanies(@CurrentPrincipal() principal: Principal, @Param('id', workspaceId) id: string, @Query() query: PageQueryDto) {
    return this.workspaces.listCompanies(principal.organizationId, id, query);
  }
}
