import { Body, Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BooksContract } from '@platform/contracts';
import { Internal } from '@platform/pipeline';
import { InternalJournalEntryDto } from './dto/journal-entry.dto';
import { JournalService } from './journal.service';

/**
 * Where other services (payroll) post their entries; outside /api/v1, so the Ingress never
 * routes it, behind the internal token. 201 with the entry, or 200 with the first entry when
 * the same (companyId, source, reference) was already posted.
 */
@Controller()
export class InternalJournalController {
  constructor(private readonly journal: JournalService) {}

  @Internal(BooksContract.POST_JOURNAL_ENTRY)
  async post(@Body() body: InternalJournalEntryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { entry, created } = await this.journal.postFromSource(body);
    void reply.status(created ? 201 : 200);
    return entry;
  }
}
