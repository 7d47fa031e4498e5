import { Module } from '@nestjs/common';
import { PostingsRepository } from './postings.repository';
import { PostingsService } from './postings.service';

/** A run's journal entries owed to Books (books_postings), posted as jobs of the queue. */
@Module({
  providers: [PostingsRepository, PostingsService],
  exports: [PostingsService],
})
export class AccountingModule {}
