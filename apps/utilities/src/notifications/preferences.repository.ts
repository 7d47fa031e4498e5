import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PipelinedConnection, PreparedStatement, qualifiedTable, QuerySample, SAMPLE } from '@platform/data';
import { DEFAULT_CHANNELS, NOTIFICATION_CHANNELS, NotificationCategory, NotificationPreference } from './notification-preference.entity';

/** One PATCH: the company, the category and each channel's flag (NOTIFICATION_CHANNELS' order), null when not sent. */
export interface PreferenceWrite {
  companyId: string;
  category: NotificationCategory;
  flags: (boolean | null)[];
}

/** A written row: its key (`<company>:<category>`) and the JSON of its PreferenceView. */
export interface WrittenPreference {
  key: string;
  json: string;
}

/**
 * The channels each company chose per category (`notification_preferences`; a category never set
 * has none). Writes go on a pipelined connection of their own (see PreferencesService).
 */
@Injectable()
export class PreferencesRepository implements OnApplicationShutdown {
  private upsert?: PreparedStatement;
  private pipeline?: PipelinedConnection;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * After the HTTP server has answered its last request: the writes sent on the pipeline are
   * answered, then it closes. A property, not a method: every method of a repository is a query.
   */
  readonly onApplicationShutdown = async (): Promise<void> => {
    await this.pipeline?.close();
  };

  /** The company's stored rows (at most one per category). */
  @QuerySample([SAMPLE.companyId])
  listPreferences(companyId: string): Promise<NotificationPreference[]> {
    return this.dataSource.getRepository(NotificationPreference).findBy({ companyId });
  }

  @QuerySample([SAMPLE.companyId, 'approval' as const])
  findPreference(companyId: string, category: NotificationCategory): Promise<NotificationPreference | null> {
    return this.dataSource.getRepository(NotificationPreference).findOneBy({ companyId, category });
  }

  /**
   * The writes of one batch, which may be of several companies (each row is its own company's),
   * in one prepared statement on the pipelined connection: an upsert on (company, category) that
   * inserts the defaults overlaid with the flags, or overwrites just those flags. The writes are
   * given in (company, category) order, so that two batches (or replicas) writing the same rows
   * cannot deadlock. Each row comes back as its key and the JSON of its PreferenceView.
   */
  @QuerySample([[{ companyId: SAMPLE.companyId, category: 'approval' as const, flags: [null, false, null, true, null] }]])
  upsertPreferencesAcrossCompanies(writes: PreferenceWrite[]): Promise<WrittenPreference[]> {
    const values = [
      writes.map((write) => write.companyId),
      writes.map((write) => write.category),
      ...NOTIFICATION_CHANNELS.map((_, i) => writes.map((write) => write.flags[i])),
    ];
    this.pipeline ??= PipelinedConnection.of(this.dataSource);
    return this.pipeline.run<WrittenPreference>(this.upsertStatement, values);
  }

  /**
   * The upsert of many rows, one per element of its arrays ($1 companies, $2 categories, then
   * one array per channel). A row that exists keeps each flag sent as NULL: its new values are
   * read back from the input by key, since the proposed row (EXCLUDED) holds the defaults. Each
   * row comes back as its key and the JSON a PreferenceView serializes to (the fields in the same
   * order, `updatedAt` in ISO 8601 UTC with milliseconds, as Date#toJSON writes it): no row
   * parsing, Date or JSON.stringify in Node. Made once (a getter: every method of a repository is a query).
   */
  private get upsertStatement(): PreparedStatement {
    return (this.upsert ??= upsertStatement(this.dataSource));
  }
}

function upsertStatement(dataSource: DataSource): PreparedStatement {
  const table = qualifiedTable(dataSource, NotificationPreference);
  const metadata = dataSource.getMetadata(NotificationPreference);
  const columns = NOTIFICATION_CHANNELS.map((channel) => `"${metadata.findColumnWithPropertyName(channel)!.databaseName}"`);
  const inputs = NOTIFICATION_CHANNELS.map((channel) => `"${channel}"`);
  return new PreparedStatement(
    `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::varchar[], ${inputs.map((_, i) => `$${i + 3}::boolean[]`).join(', ')}) ` +
      `AS i("companyId", "category", ${inputs.join(', ')})) ` +
      `INSERT INTO ${table} AS stored ("company_id", "category", ${columns.join(', ')}, "updated_at") ` +
      `SELECT "companyId", "category", ${NOTIFICATION_CHANNELS.map((channel, i) => `COALESCE(${inputs[i]}, ${DEFAULT_CHANNELS[channel]})`).join(', ')}, now() FROM input ` +
      `ON CONFLICT ("company_id", "category") DO UPDATE SET (${columns.join(', ')}, "updated_at") = ` +
      `(SELECT ${columns.map((column, i) => `COALESCE(i.${inputs[i]}, stored.${column})`).join(', ')}, now() FROM input i ` +
      `WHERE i."companyId" = stored."company_id" AND i."category" = stored."category") ` +
      `RETURNING "company_id"::text || ':' || "category" AS "key", json_build_object('category', "category", ` +
      `${NOTIFICATION_CHANNELS.map((channel, i) => `'${channel}', ${columns[i]}`).join(', ')}, ` +
      `'updatedAt', to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS "json"`,
  );
}
