import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentPrincipal, PageQueryDto, PlatformException, Principal } from '@platform/common';
import { CreateCompanyDto, CreateWorkspaceDto } from './dto/workspace.dto';
import { WorkspacesService } from './workspaces.service';

const workspaceId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('WORKSPACE_NOT_FOUND') });

@ApiTags('Workspaces')
@Controller('workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Post()
  @Authenticated('auth:write')
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWorkspaceDto) {
    return this.workspaces.create(principal.organizationId, body);
  }

  @Get()
  @Authenticated('auth:read')
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto) {
    return this.workspaces.list(principal.organizationId, query);
  }

  @Post(':id/companies')
  @Authenticated('auth:write')
  addCompany(@CurrentPrincipal() principal: Principal, @Param('id', workspaceId) id: string, @Body() body: CreateCompanyDto) {
    return this.workspaces.addCompany(principal.organizationId, id, body);
  }

  @Get(':id/companies')
  @Authenticated('auth:read')
  listCompanies(@CurrentPrincipal() principal: Principal, @Param('id', workspaceId) id: string, @Query() query: PageQueryDto) {
    return this.workspaces.listCompanies(principal.organizationId, id, query);
  }
}
