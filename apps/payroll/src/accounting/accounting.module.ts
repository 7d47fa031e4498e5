import { Module } from '@nestjs/common';
import { PostingsService } from './postings.service';

/** A run's journal entries, posted to books through an outbox of postings. */
@Module({
  providers: [PostingsService],
  exports: [PostingsService],
})
export class AccountingModule {}
