import { Account } from './accounts/account.entity';
import { AccountMonth } from './journal/account-month.entity';
import { EntrySequence } from './journal/entry-sequence.entity';
import { JournalEntry } from './journal/journal-entry.entity';
import { JournalLine } from './journal/journal-line.entity';
import { AccountingPeriod } from './periods/accounting-period.entity';
import { BooksSettings } from './settings/books-settings.entity';

export const BOOKS_ENTITIES = [BooksSettings, Account, JournalEntry, JournalLine, AccountMonth, EntrySequence, AccountingPeriod];
