import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { SerializedJson, Transactions } from '@platform/common';
import { DEFAULT_CHANNELS, NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, NotificationCategory, NotificationPreference } from './notification-preference.entity';
import { UpdatePreferenceDto } from './dto/update-preference.dto';

export interface PreferenceView {
  category: NotificationCategory;
  inApp: boolean;
  email: boolean;
  push: boolean;
  sms: boolean;
  whatsapp: boolean;
  /** ISO 8601; null while the category still has its defaults */
  updatedAt: string | null;
}

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
 * writes and at most 5 seconds old when another replica wrote them. Sending a notification
 * reads the stored row itself (`get`), never the cache.
 */
const LIST_CACHE_TTL_MS = 5000;

@Injectable()
export class PreferencesService {
  private readonly lists = new LRUCache<string, SerializedJson>({ max: 10_000, ttl: LIST_CACHE_TTL_MS });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** All nine categories, stored or default, as `{ items }` JSON. */
  async list(companyId: string): Promise<SerializedJson> {
    const cached = this.lists.get(companyId);
    if (cached) return cached;
    const stored = await this.dataSource.getRepository(NotificationPreference).findBy({ companyId });
    const byCategory = new Map(stored.map((row) => [row.category, row]));
    const list = SerializedJson.of({ items: NOTIFICATION_CATEGORIES.map((category) => view(category, byCategory.get(category))) });
    this.lists.set(companyId, list);
    return list;
  }

  /** One category's channels, stored or default. */
  async get(companyId: string, category: NotificationCategory): Promise<PreferenceView> {
    const stored = await this.dataSource.getRepository(NotificationPreference).findOneBy({ companyId, category });
    return view(category, stored ?? undefined);
  }

  /**
   * Changes only the flags sent, in one statement: an upsert on (company, category) that
   * inserts the defaults overlaid with the flags, or overwrites just those flags. Concurrent
   * first writes of a category cannot collide.
   */
  async update(companyId: string, input: UpdatePreferenceDto): Promise<PreferenceView> {
    const changes: Partial<NotificationPreference> = {};
    for (const channel of NOTIFICATION_CHANNELS) if (input[channel] !== undefined) changes[channel] = input[channel];
    const columns = this.dataSource.getRepository(NotificationPreference).metadata;
    const overwrite = Object.keys(changes).map((property) => columns.findColumnWithPropertyName(property)!.databaseName);
    const upsert = this.dataSource
      .createQueryBuilder()
      .insert()
      .into(NotificationPreference)
      .values({ companyId, category: input.category, ...DEFAULT_CHANNELS, ...changes, updatedAt: new Date() })
      .orUpdate([...overwrite, 'updated_at'], ['company_id', 'category']);
    let updated: PreferenceView;
    if (this.transactions.postgres) {
      const result = await upsert.returning('"in_app", "email", "push", "sms", "whatsapp", "updated_at"').execute();
      const row = result.raw[0] as { in_app: boolean; email: boolean; push: boolean; sms: boolean; whatsapp: boolean; updated_at: Date };
      updated = { category: input.category, inApp: row.in_app, email: row.email, push: row.push, sms: row.sms, whatsapp: row.whatsapp, updatedAt: new Date(row.updated_at).toISOString() };
    } else {
      updated = await this.transactions.run(async (manager) => {
        await upsert.setQueryRunner(manager.queryRunner!).execute();
        return view(input.category, await manager.findOneByOrFail(NotificationPreference, { companyId, category: input.category }));
      });
    }
    this.lists.delete(companyId);
    return updated;
  }
}
