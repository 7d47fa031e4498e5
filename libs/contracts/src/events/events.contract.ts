import type { EventType } from './event-types';
import type { ServiceName } from '../service';
import type { InternalRoute, Timestamp } from '../internal/internal-route';

export interface EventsQuery {
  /** the position of the last event already consumed (`nextAfter` of the previous page); 0 starts from the beginning */
  after?: number;
  /** 1 to 500, default 100 */
  limit?: number;
}

/** One domain event, in the envelope every service uses. */
export interface Event<S extends ServiceName = ServiceName> {
  id: string;
  type: EventType<S>;
  occurredAt: Timestamp;
  companyId: string;
  data: Record<string, unknown>;
  version: number;
  /** its place in the service's feed, given when it is published */
  position: number;
}

export interface Events<S extends ServiceName = ServiceName> {
  items: Event<S>[];
  /** the position to pass as `after` next: the last item's, or `after` itself when there is none */
  nextAfter: number;
}

/** A service's published events in the order it published them: `GET /internal/v1/<service>/events`. */
export function eventsRoute<S extends ServiceName>(service: S): InternalRoute<{ query: EventsQuery; response: Events<S> }> {
  return { method: 'GET', path: `/internal/v1/${service}/events` };
}
