import { Injectable } from '@nestjs/common';
import { Page, PageQueryDto, PlatformException, SerializedJson } from '@platform/pipeline';
import { ClientCompany } from './client-company.entity';
import { CreateCompanyDto, CreateWorkspaceDto } from './dto/workspace.dto';
import { Workspace } from './workspace.entity';
import { WorkspacesRepository } from './workspaces.repository';

@Injectable()
export class WorkspacesService {
  constructor(private readonly repository: WorkspacesRepository) {}

  create(organizationId: string, input: CreateWorkspaceDto): Promise<Workspace> {
    return this.repository.insertWorkspace(organizationId, input.name);
  }

  async list(organizationId: string, query: PageQueryDto): Promise<Page<Workspace> | SerializedJson> {
    return this.repository.listWorkspacesPage(organizationId, query);
  }

  /** Another organization's workspace is reported as missing, never as forbidden. */
  async get(organizationId: string, workspaceId: string): Promise<Workspace> {
    const workspace = await this.repository.findWorkspace(organizationId, workspaceId);
    if (!workspace) throw new PlatformException('WORKSPACE_NOT_FOUND');
    return workspace;
  }

  async addCompany(organizationId: string, workspaceId: string, input: CreateCompanyDto): Promise<ClientCompany> {
    await this.get(organizationId, workspaceId);
    return this.repository.insertCompany(organizationId, workspaceId, {
      name: input.name,
      country: input.country?.toUpperCase() ?? null,
      registrationNumber: input.registrationNumber ?? null,
    });
  }

  async listCompanies(organizationId: string, workspaceId: string, query: PageQueryDto): Promise<Page<ClientCompany> | SerializedJson> {
    await this.get(organizationId, workspaceId);
    return this.repository.listCompaniesPage(organizationId, workspaceId, query);
  }

  /**
   * The name of a company product data is scoped to (the tenancy of every call): the organization's own, or a
   * client company's when a call acts for one; null for an id that is neither.
   */
  async companyName(companyId: string): Promise<string | null> {
    return (await this.repository.findOrganizationName(companyId)) ?? this.repository.findClientCompanyName(companyId);
  }

  async canActFor(organizationId: string, workspaceId: string, companyId: string): Promise<boolean> {
    return this.repository.companyExists(organizationId, workspaceId, companyId);
  }
}
