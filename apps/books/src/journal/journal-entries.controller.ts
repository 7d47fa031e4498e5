import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, PlatformException, Tenant, TenantContext } from '@platform/common';
import { CreateJournalEntryDto, ListJournalEntriesQueryDto, ReverseJournalEntryDto } from './dto/journal-entry.dto';
import { JournalService } from './journal.service';

const entryId = new ParseUUIDPipe({ exceptionFactory: () => new PlatformException('JOURNAL_ENTRY_NOT_FOUND') });

/** Posted entries are immutable: there is no PATCH or DELETE; a mistake is undone by a reversal. */
@ApiTags('Journal entries')
@Controller('journal-entries')
export class JournalEntriesController {
  constructor(private readonly journal: JournalService) {}

  @Post()
  @Authenticated('books:write')
  @ApiCreatedResponse({
    description:
      'The posted entry: `{ id, number (JE-YYYY-NNNNNN, per company and year, no gaps), date, memo, reference, currency, totalDebit, totalCredit, reversalOf, reversedBy, source, postedAt, lines: [{ lineNumber, accountId, accountCode, debit, credit, description }] }`.',
  })
  @ApiBadRequestResponse({ description: 'JOURNAL_ENTRY_NOT_BALANCED (details.totalDebit, details.totalCredit), VALIDATION_FAILED, BOOKS_CURRENCY_MISMATCH' })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_FOUND: a line’s account is not one of the company’s (details.accountIds)' })
  @ApiConflictResponse({ description: 'ACCOUNTING_PERIOD_CLOSED (details.closedThrough), ACCOUNT_INACTIVE' })
  create(@Tenant() tenant: TenantContext, @Body() body: CreateJournalEntryDto) {
    return this.journal.create(tenant.companyId, body);
  }

  @Get()
  @Authenticated('books:read')
  @ApiOkResponse({ description: 'Entries, newest date first, with their lines (filters `from`, `to`, `accountId`, `reference`), paginated.' })
  list(@Tenant() tenant: TenantContext, @Query() query: ListJournalEntriesQueryDto) {
    return this.journal.list(tenant.companyId, query);
  }

  @Get(':id')
  @Authenticated('books:read')
  @ApiNotFoundResponse({ description: 'JOURNAL_ENTRY_NOT_FOUND (also for another company’s entry)' })
  get(@Tenant() tenant: TenantContext, @Param('id', entryId) id: string) {
    return this.journal.get(tenant.companyId, id);
  }

  @Post(':id/reverse')
  @Authenticated('books:write')
  @ApiCreatedResponse({ description: 'The reversing entry: the original’s lines mirrored, `reversalOf` the original, whose `reversedBy` now names it.' })
  @ApiNotFoundResponse({ description: 'JOURNAL_ENTRY_NOT_FOUND' })
  @ApiConflictResponse({ description: 'JOURNAL_ENTRY_ALREADY_REVERSED, ACCOUNTING_PERIOD_CLOSED' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: date before the original entry’s' })
  reverse(@Tenant() tenant: TenantContext, @Param('id', entryId) id: string, @Body() body: ReverseJournalEntryDto) {
    return this.journal.reverse(tenant.companyId, id, body);
  }
}
