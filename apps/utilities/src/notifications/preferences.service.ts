import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { PreparedStatement, qualifiedTable, SerializedJson, Transactions } from '@platform/common';
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
   * inserts the defaults overlaid with the flags, or overwrites just those flags (a flag not
   * sent is NULL, and keeps the stored value). Concurrent first writes of a category cannot
   * collide. On PostgreSQL it is a prepared statement.
   */
  async update(companyId: string, input: UpdatePreferenceDto): Promise<PreferenceView> {
    let updated: PreferenceView;
    if (this.transactions.postgres) {
      const flags = NOTIFICATION_CHANNELS.map((channel) => input[channel] ?? null);
      const [row] = await this.upsertStatement().run<NotificationPreference>(this.dataSource, [companyId, input.category, ...flags]);
      updated = view(input.category, row);
    } else {
      const changes: Partial<NotificationPreference> = {};
      for (const channel of NOTIFICATION_CHANNELS) if (input[channel] !== undefined) changes[channel] = input[channel];
      updated = await this.transactions.run(async (manager) => {
        await manager
          .createQueryBuilder()
          .insert()
          .into(NotificationPreference)
          .values({ companyId, category: input.category, ...DEFAULT_CHANNELS, ...changes, updatedAt: new Date() })
          .orUpdate([...Object.keys(changes).map((property) => this.columnName(property)), 'updated_at'], ['company_id', 'category'])
          .execute();
        return view(input.category, await manager.findOneByOrFail(NotificationPreference, { companyId, category: input.category }));
      });
    }
    this.lists.delete(companyId);
    return updated;
  }

  private upsert?: PreparedStatement;

  private upsertStatement(): PreparedStatement {
    if (this.upsert) return this.upsert;
    const table = qualifiedTable(this.dataSource, NotificationPreference);
    const columns = NOTIFICATION_CHANNELS.map((channel) => `"${this.columnName(channel)}"`);
    return (this.upsert = new PreparedStatement(
      `INSERT INTO ${table} AS stored ("company_id", "category", ${columns.join(', ')}, "updated_at") ` +
        `VALUES ($1, $2, ${NOTIFICATION_CHANNELS.map((channel, i) => `COALESCE($${i + 3}::boolean, ${DEFAULT_CHANNELS[channel]})`).join(', ')}, now()) ` +
        `ON CONFLICT ("company_id", "category") DO UPDATE SET ${columns.map((column, i) => `${column} = COALESCE($${i + 3}::boolean, stored.${column})`).join(', ')}, "updated_at" = now() ` +
        `RETURNING ${NOTIFICATION_CHANNELS.map((channel, i) => `${columns[i]} AS "${channel}"`).join(', ')}, "updated_at" AS "updatedAt"`,
    ));
  }

  private columnName(property: string): string {
    return this.dataSource.getMetadata(NotificationPreference).findColumnWithPropertyName(property)!.databaseName;
  }
}
