import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { QuotaFold, quotaPeriodBounds, RateLimitStore } from '@platform/pipeline';
import { JobQueue } from '@platform/data';
import { RequestLogRepository } from './request-log.repository';

export const FOLD_KEY_COUNTERS = 'auth:fold-key-counters';
/** The fold runs again this long after a start: what replicas of the release before counted per key while the release rolled out. */
const AGAIN_AFTER_MS = 10 * 60_000;
/** Keys read and folded at a time. */
const PAGE = 1000;

/**
 * Monthly quotas are the organization's, shared by its keys; a release before counted them per
 * key. So that no release gives anyone their period again, every key's counters of its
 * organization's current period are moved into the organization's (each key in one atomic step,
 * RateLimitStore.foldIntoOrganizations): at each start of auth, and once more ten minutes later.
 * A key with no counters left costs a look; the usage views sum a key's counters with its
 * organization's, so nothing reads low meanwhile.
 */
@Injectable()
export class KeyCountersFold implements OnApplicationBootstrap {
  private readonly logger = new Logger('KeyCountersFold');

  constructor(
    private readonly repository: RequestLogRepository,
    private readonly store: RateLimitStore,
    private readonly queue: JobQueue,
  ) {
    queue.handle(FOLD_KEY_COUNTERS, () => this.fold().then(() => undefined), { maxAttempts: 5, concurrency: 1 });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.add(FOLD_KEY_COUNTERS, {}, { jobKey: FOLD_KEY_COUNTERS });
    await this.queue.add(FOLD_KEY_COUNTERS, {}, { jobKey: `${FOLD_KEY_COUNTERS}:again`, runAt: new Date(Date.now() + AGAIN_AFTER_MS) });
  }

  /** Answers how many keys had counters to move. */
  async fold(): Promise<number> {
    let folded = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const keys = await this.repository.listKeysAfterAcrossCompanies(after, PAGE);
      if (!keys.length) break;
      const folds = new Map<string, QuotaFold>();
      for (const key of keys) {
        let fold = folds.get(key.organization_id);
        if (!fold) {
          const period = quotaPeriodBounds(Math.floor(key.created_at.getTime() / 1000));
          folds.set(key.organization_id, (fold = { organizationId: key.organization_id, credentialIds: [], period: period.index, periodEndMs: period.endMs }));
        }
        fold.credentialIds.push(key.id);
      }
      folded += await this.store.foldIntoOrganizations([...folds.values()]);
      after = keys[keys.length - 1].id;
    }
    if (folded) this.logger.log(`the counters of ${folded} key(s) of this period added to their organizations'`);
    return folded;
  }
}
