import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { findPage, Page, PageQueryDto, PlatformException, SerializedJson } from '@platform/common';
import { ClientCompany } from './client-company.entity';
import { CreateCompanyDto, CreateWorkspaceDto } from './dto/workspace.dto';
import { Workspace } from './workspace.entity';

@Injectable()
export class WorkspacesService {
  constructor(
    @InjectRepository(Workspace) private readonly workspaces: Repository<Workspace>,
    @InjectRepository(ClientCompany) private readonly companies: Repository<ClientCompany>,
  ) {}

  create(organizationId: string, input: CreateWorkspaceDto): Promise<Workspace> {
    return this.workspaces.save(this.workspaces.create({ organizationId, name: input.name }));
  }

  async list(organizationId: string, query: PageQueryDto): Promise<Page<Workspace> | SerializedJson> {
    return findPage(this.workspaces, { organizationId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another organization's workspace is reported as missing, never as forbidden. */
  async get(organizationId: string, workspaceId: string): Promise<Workspace> {
    const workspace = await this.workspaces.findOneBy({ id: workspaceId, organizationId });
    if (!workspace) throw new PlatformException('WORKSPACE_NOT_FOUND');
    return workspace;
  }

  async addCompany(organizationId: string, workspaceId: string, input: CreateCompanyDto): Promise<ClientCompany> {
    await this.get(organizationId, workspaceId);
    return this.companies.save(
      this.companies.create({
        organizationId,
        workspaceId,
        name: input.name,
        country: input.country?.toUpperCase() ?? null,
        registrationNumber: input.registrationNumber ?? null,
      }),
    );
  }

  async listCompanies(organizationId: string, workspaceId: string, query: PageQueryDto): Promise<Page<ClientCompany> | SerializedJson> {
    await this.get(organizationId, workspaceId);
    return findPage(this.companies, { organizationId, workspaceId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  async canActFor(organizationId: string, workspaceId: string, companyId: string): Promise<boolean> {
    return this.companies.exists({ where: { id: companyId, workspaceId, organizationId } });
  }
}
