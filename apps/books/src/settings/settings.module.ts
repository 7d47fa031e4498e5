import { Module } from '@nestjs/common';
import { BooksSettingsRepository } from './books-settings.repository';
import { BooksSettingsService } from './books-settings.service';
import { SettingsController } from './settings.controller';

/** The settings row is every write's lock: the other features take it through the repository, in their transactions. */
@Module({
  controllers: [SettingsController],
  providers: [BooksSettingsRepository, BooksSettingsService],
  exports: [BooksSettingsRepository, BooksSettingsService],
})
export class SettingsModule {}
