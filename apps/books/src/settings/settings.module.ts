import { Module } from '@nestjs/common';
import { BooksSettingsService } from './books-settings.service';
import { SettingsController } from './settings.controller';

@Module({
  controllers: [SettingsController],
  providers: [BooksSettingsService],
  exports: [BooksSettingsService],
})
export class SettingsModule {}
