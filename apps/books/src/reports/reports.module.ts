import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SettingsModule } from '../settings/settings.module';
import { InternalReportsController } from './internal-reports.controller';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [SettingsModule, AccountsModule],
  controllers: [ReportsController, InternalReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
