import { Module } from '@nestjs/common';
import { InternalRequestLogController } from './internal-request-log.controller';
import { KeyCountersFold } from './key-counters-fold.service';
import { PeriodUsage } from './period-usage.service';
import { RequestLogRepository } from './request-log.repository';
import { RequestLogService } from './request-log.service';

/** The request log services send, usage by day and by period, and the organizations' quota counters. */
@Module({
  controllers: [InternalRequestLogController],
  providers: [RequestLogService, PeriodUsage, KeyCountersFold, RequestLogRepository],
  exports: [RequestLogService, PeriodUsage],
})
export class RequestLogModule {}
