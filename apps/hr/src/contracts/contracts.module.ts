import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module';
import { ContractsController } from './contracts.controller';
import { ContractsService } from './contracts.service';

@Module({
  imports: [OutboxModule],
  controllers: [ContractsController],
  providers: [ContractsService],
})
export class ContractsModule {}
