import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageQueryDto, PlatformException, SerializedJson } from '@platform/pipeline';
import { findPage } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { ClientCompany } from './client-company.entity';
import { CreateCompanyDto, CreateWorkspaceDto } from './dto/workspace.dto';
import { Workspace } from './workspace.entity';

@Injectable()
export class WorkspacesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  create(organizationId: string, input: CreateWorkspaceDto): Promise<Workspace> {
    const workspaces = this.dataSource.getRepository(Workspace);
    return workspaces.save(workspaces.create({ organizationId, name: input.name }));
  }

  async list(organizationId: string, query: PageQueryDto): Promise<Page<Workspace> | SerializedJson> {
    return findPage(this.dataSource.getRepository(Workspace), { organizationId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another organization's workspace is reported as missing, never as forbidden. */
  async get(organizationId: string, workspaceId: string): Promise<Workspace> {
    const workspace = await this.dataSource.getRepository(Workspace).findOneBy({ id: workspaceId, organizationId });
    if (!workspace) throw new PlatformException('WORKSPACE_NOT_FOUND');
    return workspace;
  }

  async addCompany(organizationId: string, workspaceId: string, input: CreateCompanyDto): Promise<ClientCompany> {
    await this.get(organizationId, workspaceId);
    const companies = this.dataSource.getRepository(ClientCompany);
    return companies.save(
      companies.create({
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
    return findPage(this.dataSource.getRepository(ClientCompany), { organizationId, workspaceId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /**
   * The name of a company product data is scoped to (the tenancy of every call): the organization's own, or a
   * client company's when a call acts for one; null for an id that is neither.
   */
  async companyName(companyId: string): Promise<string | null> {
    const organization = await this.dataSource.getRepository(Organization).findOne({ select: { name: true }, where: { id: companyId } });
    if (organization) return organization.name;
    const company = await this.dataSource.getRepository(ClientCompany).findOne({ select: { name: true }, where: { id: companyId } });
    return company?.name ?? null;
  }

  async canActFor(organizationId: string, workspaceId: string, companyId: string): Promise<boolean> {
    return this.dataSource.getRepository(ClientCompany).exists({ where: { id: companyId, workspaceId, organizationId } });
  }
}
