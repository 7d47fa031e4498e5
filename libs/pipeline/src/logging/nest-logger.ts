import { Logger as PinoNestLogger, PinoLogger } from 'nestjs-pino';
import type { PlatformLogger } from './platform-logger';

/**
 * What Nest itself says while an app starts: a line per module initialised and per route mapped
 * (325 lines for the one-machine suite). They are at debug, so that the last lines a user sees
 * at start are the warnings and the banner saying where the suite listens.
 */
export const STARTUP_CONTEXTS: ReadonlySet<string> = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * Nest's logger for one service, writing to that service's own pino logger (its `service` on
 * every line). nestjs-pino's LoggerModule keeps one logger per process for lines logged outside a
 * request, the first one created: in the one-machine suite every line said `service: auth`. Its
 * Logger class is kept for the way it turns Nest's calls (message, params, context) into pino's.
 */
export class ServiceNestLogger extends PinoNestLogger {
  constructor(logger: PlatformLogger) {
    // the Logger calls only `logger[level](…)`, which a pino logger has as PinoLogger does
    super(logger as unknown as PinoLogger, {});
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return super.debug(message, ...optionalParams);
    super.log(message, ...optionalParams);
  }
}
