import { Global, Inject, Module } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { Environment } from '../config/environment';
import { SERVICE_DESCRIPTOR, ServiceDescriptor } from '../service';

export const PLATFORM_LOGGER = Symbol('PLATFORM_LOGGER');
export type PlatformLogger = Logger;
export const InjectPlatformLogger = () => Inject(PLATFORM_LOGGER);

/**
 * One JSON logger per service. Requests are logged from a Fastify onResponse hook with their
 * request id: no child logger and no async context per request, which cost more than the log line.
 */
export function createPlatformLogger(env: Environment, service: ServiceDescriptor): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: service.name },
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-platform-api-key"]', 'req.headers["x-platform-api-secret"]', 'req.headers.cookie', 'req.headers["x-internal-token"]'],
      censor: '[redacted]',
    },
  });
}

@Global()
@Module({
  providers: [
    {
      provide: PLATFORM_LOGGER,
      inject: [Environment, SERVICE_DESCRIPTOR],
      useFactory: createPlatformLogger,
    },
  ],
  exports: [PLATFORM_LOGGER],
})
export class PlatformLoggerModule {}
