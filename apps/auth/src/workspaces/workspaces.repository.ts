import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageQueryDto, SerializedJson } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { Organization } from '../organizations/organization.entity';
import { ClientCompany } from './client-company.entity';
import { Workspace } from './workspace.entity';

/** What a client company is written with (its organization, workspace and keys aside). */
export type CompanyFields = Pick<ClientCompany, 'name' | 'country' | 'registrationNumber'>;

const PAGE = { page: 2, limit: 20 };

/** Workspaces and their client companies (`workspaces`, `client_companies`), and the name of a company product data is scoped to. */
@Injectable()
export class WorkspacesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, 'Sample'])
  insertWorkspace(organizationId: string, name: string): Promise<Workspace> {
    const workspaces = this.dataSource.getRepository(Workspace);
    return workspaces.save(workspaces.create({ organizationId, name }));
  }

  @QuerySample([SAMPLE.companyId, PAGE])
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listWorkspacesPage(organizationId: string, query: PageQueryDto): Promise<Page<Workspace> | SerializedJson> {
    return findPage(this.dataSource.getRepository(Workspace), { organizationId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** The organization's workspace, or null (another organization's is none of its own). */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findWorkspace(organizationId: string, workspaceId: string): Promise<Workspace | null> {
    return this.dataSource.getRepository(Workspace).findOneBy({ id: workspaceId, organizationId });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, { name: 'Sample', country: 'CM', registrationNumber: null }])
  insertCompany(organizationId: string, workspaceId: string, fields: CompanyFields): Promise<ClientCompany> {
    const companies = this.dataSource.getRepository(ClientCompany);
    return companies.save(companies.create({ ...fields, organizationId, workspaceId }));
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id, PAGE])
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listCompaniesPage(organizationId: string, workspaceId: string, query: PageQueryDto): Promise<Page<ClientCompany> | SerializedJson> {
    return findPage(this.dataSource.getRepository(ClientCompany), { organizationId, workspaceId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Whether the client company is the organization's, in this workspace. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, SAMPLE.otherId])
  companyExists(organizationId: string, workspaceId: string, companyId: string): Promise<boolean> {
    return this.dataSource.getRepository(ClientCompany).exists({ where: { id: companyId, workspaceId, organizationId } });
  }

  /** The name of the organization of this id (a company acting for itself), or null. */
  @QuerySample([SAMPLE.companyId])
  async findOrganizationName(companyId: string): Promise<string | null> {
    return (await this.dataSource.getRepository(Organization).findOne({ select: { name: true }, where: { id: companyId } }))?.name ?? null;
  }

  /** The name of the client company of this id, or null. */
  @QuerySample([SAMPLE.companyId])
  async findClientCompanyName(companyId: string): Promise<string | null> {
    return (await this.dataSource.getRepository(ClientCompany).findOne({ select: { name: true }, where: { id: companyId } }))?.name ?? null;
  }
}
