import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsController } from './events.controller';
import { OutboxEvent } from './outbox-event.entity';
import { OutboxService } from './outbox.service';

/** The outbox every HR write records its domain events in. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  controllers: [EventsController],
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}
