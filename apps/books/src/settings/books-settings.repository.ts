import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { QuerySample, SAMPLE } from '@platform/data';
import { BooksSettings, DEFAULT_BOOK_CURRENCY } from './books-settings.entity';

/** A company's settings row (`books_settings`): the lock every write to its books takes first. */
@Injectable()
export class BooksSettingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The company's settings row, created on first use and locked until the caller's transaction ends (`FOR UPDATE`). */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  async lockSettings(companyId: string, manager: EntityManager): Promise<BooksSettings> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BooksSettings)
      .values({ companyId, currency: DEFAULT_BOOK_CURRENCY, closedThrough: null, postedTotal: 0, chartInstalledAt: null })
      .orIgnore()
      .execute();
    return manager
      .createQueryBuilder(BooksSettings, 'settings')
      .where('settings.companyId = :companyId', { companyId })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  /** Null for a company that never wrote anything. */
  @QuerySample([SAMPLE.companyId])
  findSettings(companyId: string): Promise<BooksSettings | null> {
    return this.dataSource.getRepository(BooksSettings).findOneBy({ companyId });
  }

  /** What the company's entries total in all, moved by each posting. */
  @QuerySample([SAMPLE.companyId, 1000, SAMPLE.tx])
  async setPostedTotal(companyId: string, postedTotal: number, manager: EntityManager): Promise<void> {
    await manager.update(BooksSettings, { companyId }, { postedTotal });
  }

  @QuerySample([SAMPLE.companyId, 'EUR', SAMPLE.tx])
  async setCurrency(companyId: string, currency: string, manager: EntityManager): Promise<void> {
    await manager.update(BooksSettings, { companyId }, { currency });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.date, SAMPLE.tx])
  async setClosedThrough(companyId: string, closedThrough: string, manager: EntityManager): Promise<void> {
    await manager.update(BooksSettings, { companyId }, { closedThrough });
  }

  /** The first chart installation's time; later ones keep it. */
  @QuerySample([SAMPLE.companyId, SAMPLE.tx])
  async markChartInstalled(companyId: string, manager: EntityManager): Promise<void> {
    await manager.update(BooksSettings, { companyId, chartInstalledAt: IsNull() }, { chartInstalledAt: new Date() });
  }
}
