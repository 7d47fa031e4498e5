import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Batcher, SerializedJson } from '@platform/pipeline';
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NotificationCategory,
  NotificationPreference,
} from './notification-preference.entity';
import { PreferencesRepository, PreferenceWrite } from './preferences.repository';
import { PreferenceView } from './dto/notification-views.dto';
import { UpdatePreferenceDto } from './dto/update-preference.dto';

function view(category: NotificationCategory, stored?: NotificationPreference): PreferenceView {
  const channels = stored ?? DEFAULT_CHANNELS;
  return {
    category,
    inApp: channels.inApp,
    email: channels.email,
    push: channels.push,
    sms: channels.sms,
    whatsapp: channels.whatsapp,
    updatedAt: stored?.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
  };
}

/**
 * Preferences are read on every GET and rarely written: the nine categories of a company are
 * cached here as the JSON the GET answers, serialized once per fill, dropped by this instance's
 * writes and at most 5 seconds old when another replica wrote them. The GETs that find no list
 * wait for one read of it: when a busy company's list expired, 50 GETs in flight each read it,
 * and took every connection of the pool, which stayed open. Sending a notification reads the
 * stored row itself (`get`), never the cache.
 */
const LIST_CACHE_TTL_MS = 5000;

/** One PATCH; `key` names its row. */
interface KeyedWrite extends PreferenceWrite {
  key: string;
}

/** A row's key: the same text the upsert's `key` column computes (`company_id::text || ':' || category`). */
const rowKey = (row: { companyId: string; category: string }) => `${row.companyId}:${row.category}`;

/**
 * Concurrent PATCHes are written together: one statement and one commit for every write that
 * arrives while the statements before it are out (group commit). The commit, which waits for its
 * WAL flush, is most of what PostgreSQL spends on a write: a lone write goes at once, and under
 * load each commit carries the writes that queued behind the ones before.
 *
 * The statements go on one pipelined connection, two at most: while one runs, the next is
 * already waiting at PostgreSQL, which starts it the moment the first commits. With one
 * statement out at a time, PostgreSQL sat idle after each commit until this process read the
 * answer and sent the next (a median of 535 µs under the bench's PATCH load, longer than the
 * statement); with two on two pooled connections, the second waited for the first's row locks.
 * On one connection they run in order, and a statement changes a (company, category) row once,
 * so a second write of the same row waits for the next statement.
 */
const WRITE_BATCHING = { maxBatch: 64, maxInFlight: 2, distinctBy: (write: KeyedWrite) => write.key };

@Injectable()
export class PreferencesService {
  private readonly lists = new LRUCache<string, SerializedJson>({ max: 10_000, ttl: LIST_CACHE_TTL_MS });
  /** The read of a company's list under way, which the GETs missing the cache meanwhile wait for; dropped by a write. */
  private readonly reading = new Map<string, Promise<SerializedJson>>();
  private readonly writes = new Batcher((batch: KeyedWrite[]) => this.upsertMany(batch), WRITE_BATCHING);

  constructor(private readonly preferences: PreferencesRepository) {}

  /** All nine categories, stored or default, as `{ items }` JSON. */
  async list(companyId: string): Promise<SerializedJson> {
    return this.lists.get(companyId) ?? this.reading.get(companyId) ?? this.read(companyId);
  }

  /**
   * Reads a company's list, and caches it unless a write of the company came meanwhile: a read
   * that a write overtook may hold the rows before it, and a GET sent after the write's answer
   * must not get them (the write drops the read, and the next GET reads again).
   */
  private read(companyId: string): Promise<SerializedJson> {
    const current = () => this.reading.get(companyId) === reading;
    const reading = this.readStored(companyId).then(
      (list) => {
        if (current()) {
          this.reading.delete(companyId);
          this.lists.set(companyId, list);
        }
        return list;
      },
      (error: unknown) => {
        if (current()) this.reading.delete(companyId);
        throw error;
      },
    );
    this.reading.set(companyId, reading);
    return reading;
  }

  private async readStored(companyId: string): Promise<SerializedJson> {
    const stored = await this.preferences.listPreferences(companyId);
    const byCategory = new Map(stored.map((row) => [row.category, row]));
    return SerializedJson.of({ items: NOTIFICATION_CATEGORIES.map((category) => view(category, byCategory.get(category))) });
  }

  /** One category's channels, stored or default. */
  async get(companyId: string, category: NotificationCategory): Promise<PreferenceView> {
    const stored = await this.preferences.findPreference(companyId, category);
    return view(category, stored ?? undefined);
  }

  /**
   * Changes only the flags sent, in one statement: an upsert on (company, category) that
   * inserts the defaults overlaid with the flags, or overwrites just those flags (a flag not
   * sent is NULL, and keeps the stored value). Concurrent first writes of a category cannot
   * collide. The writes of concurrent requests go in one prepared statement, on the service's
   * pipelined connection.
   */
  async update(companyId: string, input: UpdatePreferenceDto): Promise<SerializedJson> {
    const flags = NOTIFICATION_CHANNELS.map((channel) => input[channel] ?? null);
    const updated = await this.writes.run({ key: rowKey({ companyId, category: input.category }), companyId, category: input.category, flags });
    this.lists.delete(companyId);
    this.reading.delete(companyId);
    return updated;
  }

  /**
   * The writes of one batch, each on its own row, each answered with its row as the JSON of a
   * PreferenceView, written by PostgreSQL. Rows are locked in (company, category) order,
   * whatever order the requests came in, so that two batches (or replicas) writing the same rows
   * cannot deadlock.
   */
  private async upsertMany(batch: KeyedWrite[]): Promise<SerializedJson[]> {
    const sorted = batch.length > 1 ? [...batch].sort((a, b) => (a.key < b.key ? -1 : 1)) : batch;
    const rows = await this.preferences.upsertPreferencesAcrossCompanies(sorted);
    const byRow = new Map(rows.map((row) => [row.key, row.json]));
    return batch.map((write) => {
      const json = byRow.get(write.key);
      if (json === undefined) throw new Error('the preference upsert returned no row for a write');
      return new SerializedJson(json);
    });
  }
}
