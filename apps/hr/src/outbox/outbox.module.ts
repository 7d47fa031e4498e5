import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { OutboxService } from './outbox.service';

/** The outbox every HR write records its domain events in. */
@Module({
  controllers: [EventsController],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}
