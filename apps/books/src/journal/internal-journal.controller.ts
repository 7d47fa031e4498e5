import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Internal, RawResponse } from '@platform/common';
import { InternalJournalEntryDto } from './dto/journal-entry.dto';
import { JournalService } from './journal.service';

/**
 * Where other services (payroll) post their entries; outside /api/v1, so the Ingress never
 * routes it, behind the internal token. 201 with the entry, or 200 with the first entry when
 * the same (companyId, source, reference) was already posted.
 */
@ApiExcludeController()
@Internal()
@RawResponse()
@Controller('internal/v1/books')
export class InternalJournalController {
  constructor(private readonly journal: JournalService) {}

  @Post('journal-entries')
  async post(@Body() body: InternalJournalEntryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { entry, created } = await this.journal.postFromSource(body);
    void reply.status(created ? 201 : 200);
    return entry;
  }
}
