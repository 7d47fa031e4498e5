import { Module } from '@nestjs/common';
import { describeService } from '@platform/contracts';
import { PlatformModule } from '@platform/data';
import { AccountsModule } from './accounts/accounts.module';
import { BOOKS_ENTITIES } from './entities';
import { JournalModule } from './journal/journal.module';
import { BOOKS_MIGRATIONS } from './migrations';
import { PeriodsModule } from './periods/periods.module';
import { ReportsModule } from './reports/reports.module';
import { SettingsModule } from './settings/settings.module';

export const BOOKS_SERVICE = describeService('books');

/** The books product: chart of accounts, journal entries, closed periods and reports, one book currency per company. */
@Module({
  imports: [
    PlatformModule.forService({ service: BOOKS_SERVICE, data: { entities: BOOKS_ENTITIES, migrations: BOOKS_MIGRATIONS } }),
    SettingsModule,
    AccountsModule,
    JournalModule,
    PeriodsModule,
    ReportsModule,
  ],
})
export class BooksModule {}
