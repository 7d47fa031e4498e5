import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SettingsModule } from '../settings/settings.module';
import { InternalJournalController } from './internal-journal.controller';
import { JournalEntriesController } from './journal-entries.controller';
import { JournalRepository } from './journal.repository';
import { JournalService } from './journal.service';

@Module({
  imports: [SettingsModule, AccountsModule],
  controllers: [JournalEntriesController, InternalJournalController],
  providers: [JournalRepository, JournalService],
  exports: [JournalRepository],
})
export class JournalModule {}
