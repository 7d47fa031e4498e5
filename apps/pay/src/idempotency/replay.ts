import type { FastifyReply } from 'fastify';
import { REPLAYED_HEADER } from './idempotency';
import type { IdempotentResult } from './idempotency.service';

/** Sends an idempotent result: its status, and on a replay the header that says so. */
export function respond<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  void reply.status(result.status);
  if (result.replayed) void reply.header(REPLAYED_HEADER, 'true');
  return result.body;
}

/** The JSON a response carries, as stored for replays (dates as ISO strings). */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
