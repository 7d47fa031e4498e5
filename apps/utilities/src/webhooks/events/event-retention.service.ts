import { Injectable } from '@nestjs/common';
import { JobQueue } from '@platform/data';
import { EVENTS_RETENTION_DAYS } from './dto/event.dto';
import { EventsRepository } from './events.repository';

/**
 * Events and webhook deliveries (with their attempts) are kept 30 days: every hour, what is older
 * goes, a batch at a time.
 */
@Injectable()
export class EventRetention {
  constructor(
    private readonly events: EventsRepository,
    queue: JobQueue,
  ) {
    queue.handle('utilities:events-retention', async () => void (await this.sweep()), { schedule: '17 * * * *', concurrency: 1 });
  }

  async sweep(days: number = EVENTS_RETENTION_DAYS): Promise<{ events: number; deliveries: number }> {
    const deliveries = await this.events.deleteDeliveriesOlderAcrossCompanies(days);
    const events = await this.events.deleteEventsOlderAcrossCompanies(days);
    return { events, deliveries };
  }
}
