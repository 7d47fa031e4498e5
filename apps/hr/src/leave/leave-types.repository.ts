import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { LeaveType } from './leave-type.entity';

/** What a leave type is written with (the company and the keys aside). */
export type LeaveTypeFields = Pick<LeaveType, 'name' | 'annualAllowanceDays' | 'paid'>;

/** The company's leave types (`leave_types`). */
@Injectable()
export class LeaveTypesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, { name: 'Annual leave', annualAllowanceDays: 18, paid: true }, SAMPLE.tx])
  insertType(companyId: string, fields: LeaveTypeFields, manager: EntityManager): Promise<LeaveType> {
    return manager.save(manager.create(LeaveType, { companyId, ...fields }));
  }

  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listTypesPage(companyId: string, query: PageQueryDto): Promise<Page<LeaveType>> {
    return findPage(this.dataSource.getRepository(LeaveType), { companyId }, { createdAt: 'ASC', id: 'ASC' }, query);
  }

  /** Another company's type is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findType(companyId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<LeaveType | null> {
    return manager.findOneBy(LeaveType, { id, companyId });
  }

  /** Every leave type of the company, by name. */
  @QuerySample([SAMPLE.companyId])
  typesByName(companyId: string): Promise<LeaveType[]> {
    return this.dataSource.getRepository(LeaveType).find({ where: { companyId }, order: { name: 'ASC' } });
  }
}
