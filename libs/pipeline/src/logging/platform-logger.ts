import { Global, Inject, Module } from '@nestjs/common';
import pino, { Logger, LoggerOptions } from 'pino';
import { Environment } from '../config/environment';
import { SERVICE_DESCRIPTOR, ServiceDescriptor } from '@platform/contracts/service';
import { logDestination } from './log-destination';

export const PLATFORM_LOGGER = Symbol('PLATFORM_LOGGER');
export type PlatformLogger = Logger;
export const InjectPlatformLogger = () => Inject(PLATFORM_LOGGER);

/** The options of a service's logger: its level, its name on every line, credentials redacted. */
export function platformLoggerOptions(level: string, serviceName: string): LoggerOptions {
  return {
    level,
    base: { service: serviceName },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-platform-api-key"]',
        'req.headers["x-platform-api-secret"]',
        'req.headers.cookie',
        'req.headers["x-internal-token"]',
      ],
      censor: '[redacted]',
    },
  };
}

/**
 * One JSON logger per service. Requests are logged from a Fastify onResponse hook with their
 * request id: no child logger and no async context per request, which cost more than the log line.
 */
export function createPlatformLogger(env: Environment, service: ServiceDescriptor): Logger {
  return pino(platformLoggerOptions(env.LOG_LEVEL, service.name), logDestination());
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
