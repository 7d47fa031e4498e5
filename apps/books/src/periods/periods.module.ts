import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { PeriodsController } from './periods.controller';
import { PeriodsRepository } from './periods.repository';
import { PeriodsService } from './periods.service';

@Module({
  imports: [SettingsModule],
  controllers: [PeriodsController],
  providers: [PeriodsRepository, PeriodsService],
})
export class PeriodsModule {}
