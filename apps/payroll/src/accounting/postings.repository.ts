import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { BooksContract } from '@platform/contracts';
import { QuerySample, SAMPLE } from '@platform/data';
import { Posting, PostingKind } from './posting.entity';

const SAMPLE_REQUEST: BooksContract.SourceJournalEntry = {
  companyId: SAMPLE.companyId,
  date: SAMPLE.date,
  memo: 'Payroll 2026-03: 1 payslip(s)',
  reference: `payroll-run:${SAMPLE.id}`,
  currency: 'XAF',
  source: { type: 'payroll_run', id: SAMPLE.id },
  lines: [],
};

/** The journal entries payroll owes Books (`books_postings`) and how their delivery goes. */
@Injectable()
export class PostingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A pending posting of the run, in the caller's transaction; a second one of the same source is ignored (its id is then undefined). */
  @QuerySample([SAMPLE.companyId, { runId: SAMPLE.id, kind: 'accrual' as const, sourceId: SAMPLE.id, request: SAMPLE_REQUEST }, SAMPLE.tx])
  async insertPosting(
    companyId: string,
    posting: { runId: string; kind: PostingKind; sourceId: string; request: BooksContract.SourceJournalEntry },
    manager: EntityManager,
  ): Promise<string | undefined> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(Posting)
      .values({ ...posting, companyId, status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .orIgnore()
      .execute();
    return inserted.identifiers[0]?.id as string | undefined;
  }

  /** Every company's pending postings: at start, those without a job get one (the only read of postings across companies). */
  @QuerySample([])
  pendingAcrossCompanies(): Promise<Pick<Posting, 'id' | 'companyId'>[]> {
    return this.dataSource.getRepository(Posting).find({ select: { id: true, companyId: true }, where: { status: 'pending' } });
  }

  /** The run's postings, in the order they were recorded. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  listPostings(companyId: string, runId: string): Promise<Posting[]> {
    return this.dataSource.getRepository(Posting).find({ where: { companyId, runId }, order: { createdAt: 'ASC', kind: 'ASC' } });
  }

  /** The run's pending postings, with how often each was tried. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  pendingOfRun(companyId: string, runId: string): Promise<Pick<Posting, 'id' | 'attempts'>[]> {
    return this.dataSource.getRepository(Posting).find({ select: { id: true, attempts: true }, where: { companyId, runId, status: 'pending' } });
  }

  /** How far the delivery of each posting got. */
  @QuerySample([SAMPLE.companyId, [SAMPLE.id, SAMPLE.otherId]])
  deliveryOf(companyId: string, ids: string[]): Promise<Pick<Posting, 'id' | 'attempts' | 'status'>[]> {
    return this.dataSource.getRepository(Posting).find({ select: { id: true, attempts: true, status: true }, where: { companyId, id: In(ids) } });
  }

  @QuerySample([SAMPLE.companyId, SAMPLE.id])
  findPosting(companyId: string, id: string): Promise<Posting | null> {
    return this.dataSource.getRepository(Posting).findOneBy({ id, companyId });
  }

  /**
   * A posting by its id alone, for a delivery job queued before jobs carried the company (a
   * release's jobs in flight while it is replaced); every later job reads through findPosting.
   */
  @QuerySample([SAMPLE.id])
  findPostingAcrossCompanies(id: string): Promise<Posting | null> {
    return this.dataSource.getRepository(Posting).findOneBy({ id });
  }

  /** Books took it: its entry, and one more attempt. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, { id: SAMPLE.otherId, number: 'JE-2026-000001' }])
  async markPosted(companyId: string, id: string, entry: { id: string; number: string }): Promise<void> {
    await this.dataSource
      .getRepository(Posting)
      .update(
        { id, companyId },
        { status: 'posted', journalEntryId: entry.id, journalEntryNumber: entry.number, attempts: () => 'attempts + 1', lastError: null, postedAt: new Date() },
      );
  }

  /** Books refused it: failed for good, with Books' reason. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'VALIDATION_FAILED: …'])
  async markFailed(companyId: string, id: string, error: string): Promise<void> {
    await this.dataSource.getRepository(Posting).update({ id, companyId }, { status: 'failed', attempts: () => 'attempts + 1', lastError: error });
  }

  /** Books did not answer: still pending, tried again at `nextAttemptAt`. */
  @QuerySample([SAMPLE.companyId, SAMPLE.id, 'timeout', new Date(0)])
  async markUnavailable(companyId: string, id: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.dataSource.getRepository(Posting).update({ id, companyId }, { attempts: () => 'attempts + 1', lastError: error, nextAttemptAt });
  }
}
