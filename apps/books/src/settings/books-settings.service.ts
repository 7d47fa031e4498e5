import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { BooksSettings, DEFAULT_BOOK_CURRENCY } from './books-settings.entity';

export interface BooksSettingsView {
  currency: string;
  closedThrough: string | null;
  chartInstalled: boolean;
}

@Injectable()
export class BooksSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The company's settings row, created on first use and locked until the transaction ends
   * (`FOR UPDATE`).
   */
  async lock(manager: EntityManager, companyId: string): Promise<BooksSettings> {
    await manager.createQueryBuilder().insert().into(BooksSettings).values({ companyId, currency: DEFAULT_BOOK_CURRENCY, closedThrough: null, postedTotal: 0, chartInstalledAt: null }).orIgnore().execute();
    return manager.createQueryBuilder(BooksSettings, 'settings').where('settings.companyId = :companyId', { companyId }).setLock('pessimistic_write').getOneOrFail();
  }

  /** What a company's books are set to; a company that never wrote anything has the defaults. */
  async view(companyId: string): Promise<BooksSettingsView> {
    const settings = await this.dataSource.getRepository(BooksSettings).findOneBy({ companyId });
    return {
      currency: settings?.currency ?? DEFAULT_BOOK_CURRENCY,
      closedThrough: settings?.closedThrough ?? null,
      chartInstalled: Boolean(settings?.chartInstalledAt),
    };
  }
}
