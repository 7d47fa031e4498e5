import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiTag, Authenticated, PlatformException, Tenant, TenantContext } from '@platform/pipeline';
import { CreateJournalEntryDto, ListJournalEntriesQueryDto, ReverseJournalEntryDto } from './dto/journal-entry.dto';
import { JournalEntryView } from './dto/journal-entry-views.dto';
import { JournalService } from './journal.service';

const entryId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('JOURNAL_ENTRY_NOT_FOUND') });

/** Posted entries are immutable: there is no PATCH or DELETE; a mistake is undone by a reversal. */
@ApiTag('Journal entries', 'Balanced, immutable entries with gapless numbers; a mistake is undone by a reversal.')
@Controller('journal-entries')
export class JournalEntriesController {
  constructor(private readonly journal: JournalService) {}

  @Post()
  @Authenticated('books:write')
  @ApiOperation({
    summary: 'Post a journal entry',
    description:
      'Debits must equal credits (400 JOURNAL_ENTRY_NOT_BALANCED with `details.totalDebit`, `details.totalCredit`); every line’s account must be one of the company’s (404 ACCOUNT_NOT_FOUND with `details.accountIds`) and active; the date must be in an open period (409 ACCOUNTING_PERIOD_CLOSED with `details.closedThrough`).',
  })
  @ApiEnvelope(201, JournalEntryView, 'The posted entry, numbered JE-YYYY-NNNNNN per company and year without gaps.')
  @ApiErrors('JOURNAL_ENTRY_NOT_BALANCED', 'BOOKS_CURRENCY_MISMATCH', 'ACCOUNT_NOT_FOUND', 'ACCOUNTING_PERIOD_CLOSED', 'ACCOUNT_INACTIVE')
  create(@Tenant() tenant: TenantContext, @Body() body: CreateJournalEntryDto) {
    return this.journal.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOperation({ summary: 'List journal entries' })
  @ApiEnvelope(200, JournalEntryView, 'Entries, newest date first, with their lines (filters `from`, `to`, `accountId`, `reference`), paginated.', {
    page: true,
  })
  list(@Tenant() tenant: TenantContext, @Query() query: ListJournalEntriesQueryDto) {
    return this.journal.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiOperation({ summary: 'Read a journal entry' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(200, JournalEntryView, 'The entry with its lines.')
  @ApiErrors('JOURNAL_ENTRY_NOT_FOUND')
  get(@Tenant() tenant: TenantContext, @Param('id', entryId) id: string) {
    return this.journal.get(tenant.companyId, id);
  }

  @Post(':id/reverse')
  @Authenticated('books:write')
  @ApiOperation({ summary: 'Reverse a journal entry', description: 'Once per entry; `date` on or after the original’s, in an open period.' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiEnvelope(201, JournalEntryView, 'The reversing entry: the original’s lines mirrored, `reversalOf` the original, whose `reversedBy` now names it.')
  @ApiErrors('JOURNAL_ENTRY_NOT_FOUND', 'JOURNAL_ENTRY_ALREADY_REVERSED', 'ACCOUNTING_PERIOD_CLOSED')
  reverse(@Tenant() tenant: TenantContext, @Param('id', entryId) id: string, @Body() body: ReverseJournalEntryDto) {
    return this.journal.reverse(tenant.companyId, id, body);
  }
}
