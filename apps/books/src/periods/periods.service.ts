import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventOutbox, findPage, Page, PageQueryDto, PlatformException, SerializedJson, Transactions } from '@platform/common';
import { BooksSettingsService } from '../settings/books-settings.service';
import { addDays, todayIso } from '../shared/dates';
import { AccountingPeriod } from './accounting-period.entity';

export interface PeriodClosing {
  closedThrough: string;
  /** The span this call closed; null when the date was already closed. */
  period: AccountingPeriod | null;
}

/**
 * Closing is forward only and final: there is no reopening, a correction is posted (or a
 * reversal dated) in an open period. It runs under the same company lock as every posting.
 */
@Injectable()
export class PeriodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly settings: BooksSettingsService,
    private readonly outbox: EventOutbox,
  ) {}

  close(companyId: string, through: string): Promise<PeriodClosing> {
    if (through > todayIso()) throw PlatformException.validation({ through: ['through must not be after today'] });
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lock(manager, companyId);
      if (settings.closedThrough !== null && through <= settings.closedThrough) return { closedThrough: settings.closedThrough, period: null };
      const period = await manager.save(
        manager.create(AccountingPeriod, { companyId, startDate: settings.closedThrough === null ? null : addDays(settings.closedThrough, 1), endDate: through }),
      );
      settings.closedThrough = through;
      await manager.save(settings);
      await this.outbox.record(manager, companyId, 'period.closed', period);
      return { closedThrough: through, period };
    });
  }

  async list(companyId: string, query: PageQueryDto): Promise<Page<AccountingPeriod> | SerializedJson> {
    return findPage(this.dataSource.getRepository(AccountingPeriod), { companyId }, { endDate: 'DESC' }, query);
  }

  async get(companyId: string, id: string): Promise<AccountingPeriod> {
    const period = await this.dataSource.getRepository(AccountingPeriod).findOneBy({ id, companyId });
    if (!period) throw new PlatformException('ACCOUNTING_PERIOD_NOT_FOUND');
    return period;
  }
}
