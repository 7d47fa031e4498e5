import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Page, PageQueryDto } from '@platform/pipeline';
import { findPage, QuerySample, SAMPLE } from '@platform/data';
import { AccountingPeriod } from './accounting-period.entity';

/** The spans a company closed (`books_accounting_periods`). */
@Injectable()
export class PeriodsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @QuerySample([SAMPLE.companyId, { startDate: '2026-01-01', endDate: SAMPLE.date }, SAMPLE.tx])
  insertPeriod(companyId: string, span: Pick<AccountingPeriod, 'startDate' | 'endDate'>, manager: EntityManager): Promise<AccountingPeriod> {
    return manager.save(manager.create(AccountingPeriod, { ...span, companyId }));
  }

  /** Latest first. */
  @QuerySample([SAMPLE.companyId, { page: 2, limit: 20 }])
  @QuerySample([SAMPLE.companyId, { cursor: SAMPLE.cursor, limit: 20 }], 'after a cursor')
  listPeriodsPage(companyId: string, query: PageQueryDto): Promise<Page<AccountingPeriod>> {
    return findPage(this.dataSource.getRepository(AccountingPeriod), { companyId }, { endDate: 'DESC' }, query);
  }

  /** Another company's period is not found, like a missing one. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findPeriod(companyId: string, id: string): Promise<AccountingPeriod | null> {
    return this.dataSource.getRepository(AccountingPeriod).findOneBy({ id, companyId });
  }
}
