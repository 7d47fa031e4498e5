import { Injectable } from '@nestjs/common';
import { Page, PageQueryDto, PlatformException } from '@platform/pipeline';
import { EventOutbox, Transactions } from '@platform/data';
import { BooksSettingsRepository } from '../settings/books-settings.repository';
import { addDays, todayIso } from '../shared/dates';
import { AccountingPeriod } from './accounting-period.entity';
import { PeriodsRepository } from './periods.repository';

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
    private readonly periods: PeriodsRepository,
    private readonly transactions: Transactions,
    private readonly settings: BooksSettingsRepository,
    private readonly outbox: EventOutbox,
  ) {}

  close(companyId: string, through: string): Promise<PeriodClosing> {
    if (through > todayIso()) throw PlatformException.validation({ through: ['through must not be after today'] });
    return this.transactions.run(async (manager) => {
      const settings = await this.settings.lockSettings(companyId, manager);
      if (settings.closedThrough !== null && through <= settings.closedThrough) return { closedThrough: settings.closedThrough, period: null };
      const period = await this.periods.insertPeriod(
        companyId,
        { startDate: settings.closedThrough === null ? null : addDays(settings.closedThrough, 1), endDate: through },
        manager,
      );
      await this.settings.setClosedThrough(companyId, through, manager);
      await this.outbox.record(manager, companyId, 'period.closed', period);
      return { closedThrough: through, period };
    });
  }

  list(companyId: string, query: PageQueryDto): Promise<Page<AccountingPeriod>> {
    return this.periods.listPeriodsPage(companyId, query);
  }

  async get(companyId: string, id: string): Promise<AccountingPeriod> {
    const period = await this.periods.findPeriod(companyId, id);
    if (!period) throw new PlatformException('ACCOUNTING_PERIOD_NOT_FOUND');
    return period;
  }
}
