import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { JournalModule } from '../journal/journal.module';
import { SettingsModule } from '../settings/settings.module';
import { InternalReportsController } from './internal-reports.controller';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

@Module({
  imports: [SettingsModule, AccountsModule, JournalModule],
  controllers: [ReportsController, InternalReportsController],
  providers: [ReportsRepository, ReportsService],
})
export class ReportsModule {}
