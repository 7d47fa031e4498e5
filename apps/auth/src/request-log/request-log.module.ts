import { Module } from '@nestjs/common';
import { KeyCountersFold } from './key-counters-fold';
import { PeriodUsage } from './period-usage';
import { RequestLogController } from './request-log.controller';
import { RequestLogService } from './request-log.service';

/** The request log services send, usage by day and by period, and the organizations' quota counters. */
@Module({
  controllers: [RequestLogController],
  providers: [RequestLogService, PeriodUsage, KeyCountersFold],
  exports: [RequestLogService, PeriodUsage],
})
export class RequestsModule {}
