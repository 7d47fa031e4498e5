import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { Environment } from '../config/environment';

export const REDIS = Symbol('REDIS');

/** Holds the Redis connection when REDIS_URL is set; `client` is null on the one-machine store. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;

  constructor(@Inject(Environment) env: Environment) {
    this.client = env.REDIS_URL
      ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 5000, lazyConnect: false })
      : null;
    this.client?.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
