/**
 * Runs `load` while `new Intl.DateTimeFormat(...)` hands out formatters that build the real one
 * the first time they are used, then puts the constructor back.
 *
 * Why: @nestjs/common builds a date formatter as it loads (its ConsoleLogger's timestamps). The
 * first formatter a process builds maps ICU's locale, calendar and time-zone data: about 7 MB
 * of resident memory in every service, which logs with pino and never formats a date that way.
 * A formatter made meanwhile behaves as the real one (same prototype, methods and results) once
 * used; formatters made after `load` returns are the real ones.
 */
export function withDeferredDateTimeFormat<T>(load: () => T): T {
  const Original = Intl.DateTimeFormat;
  const Deferred = function DateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    let real: Intl.DateTimeFormat | undefined;
    const target = () => (real ??= new Original(locales, options));
    return new Proxy(Object.create(Original.prototype) as Intl.DateTimeFormat, {
      get(_, key) {
        const formatter = target();
        const value: unknown = Reflect.get(formatter, key, formatter);
        return typeof value === 'function' ? value.bind(formatter) : value;
      },
    });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Deferred, { supportedLocalesOf: Original.supportedLocalesOf, prototype: Original.prototype });
  Intl.DateTimeFormat = Deferred;
  try {
    return load();
  } finally {
    Intl.DateTimeFormat = Original;
  }
}
