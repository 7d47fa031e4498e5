import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { RedisConnection } from '../redis/redis.provider';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly redis: RedisConnection,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async isHealthy(key = 'redis') {
    const indicator = this.indicators.check(key);
    try {
      const answer = await Promise.race([this.redis.client!.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
      return answer === 'PONG' ? indicator.up() : indicator.down({ message: 'unexpected answer' });
    } catch {
      return indicator.down({ message: 'unreachable' });
    }
  }
}
