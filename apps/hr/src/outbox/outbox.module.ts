import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '../shared/transactions';
import { EventsController } from './events.controller';
import { OutboxEvent } from './outbox-event.entity';
import { OutboxService } from './outbox.service';

/** The outbox and the transactions every HR write runs in. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  controllers: [EventsController],
  providers: [OutboxService, Transactions],
  exports: [OutboxService, Transactions],
})
export class OutboxModule {}
