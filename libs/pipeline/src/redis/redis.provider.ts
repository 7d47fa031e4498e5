import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { Environment } from '../config/environment';

export const REDIS = Symbol('REDIS');

/** Holds the Redis connection when REDIS_URL is set; `client` is null on the one-machine store. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;
  private readonly lastWork: (() => Promise<void>)[] = [];

  constructor(@Inject(Environment) env: Environment) {
    this.client = env.REDIS_URL
      ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 5000, lazyConnect: false })
      : null;
    this.client?.on('error', () => undefined);
  }

  /**
   * Work for shutdown that may need Redis (the rate-limit store's last writes), done before the
   * connection, if there is one, quits: Nest runs the shutdown hooks of a module's providers all
   * at once, and a command sent after QUIT fails.
   */
  beforeQuit(work: () => Promise<void>): void {
    this.lastWork.push(work);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.lastWork.map((work) => work()));
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
