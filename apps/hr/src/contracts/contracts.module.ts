import { Module } from '@nestjs/common';
import { ContractsController } from './contracts.controller';
import { ContractsBulkService } from './contracts-bulk.service';
import { ContractsService } from './contracts.service';

@Module({
  controllers: [ContractsController],
  providers: [ContractsService, ContractsBulkService],
})
export class ContractsModule {}
