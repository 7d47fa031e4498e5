import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { InternalAuditController } from './internal-audit.controller';

/** The audit log: written by the features whose changes it records (in their transactions), and by the other services over an internal route. */
@Module({
  controllers: [InternalAuditController],
  providers: [AuditService, AuditRepository],
  exports: [AuditService],
})
export class AuditModule {}
