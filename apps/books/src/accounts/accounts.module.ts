import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

@Module({
  imports: [SettingsModule],
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService],
  exports: [AccountsRepository, AccountsService],
})
export class AccountsModule {}
