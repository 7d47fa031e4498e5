import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobQueue } from '@platform/common';
import { EVENTS_RETENTION_DAYS } from './dto/event.dto';

/** Rows deleted per statement: short transactions, however much is due. */
const BATCH = 5000;

/**
 * Events and webhook deliveries (with their attempts) are kept 30 days: every hour, what is older
 * goes, a batch at a time.
 */
@Injectable()
export class EventRetention {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    queue: JobQueue,
  ) {
    queue.handle('utilities:events-retention', async () => void (await this.sweep()), { schedule: '17 * * * *', concurrency: 1 });
  }

  async sweep(days: number = EVENTS_RETENTION_DAYS): Promise<{ events: number; deliveries: number }> {
    const deliveries = await this.deleteOlder(`"utilities"."webhook_deliveries"`, `"created_at"`, days);
    const events = await this.deleteOlder(`"utilities"."events"`, `"received_at"`, days);
    return { events, deliveries };
  }

  private async deleteOlder(table: string, column: string, days: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [, count] = await this.dataSource.query(
        `DELETE FROM ${table} WHERE "id" IN (SELECT "id" FROM ${table} WHERE ${column} < now() - make_interval(days => $1) LIMIT ${BATCH})`,
        [days],
      );
      deleted += count;
      if (count < BATCH) return deleted;
    }
  }
}
