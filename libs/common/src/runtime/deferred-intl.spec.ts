import { withDeferredDateTimeFormat } from './deferred-intl';

describe('withDeferredDateTimeFormat', () => {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', second: 'numeric', timeZone: 'UTC' };
  const at = Date.UTC(2026, 2, 31, 17, 5, 9);

  it('hands out formatters that format, split and describe as the real ones do', () => {
    const deferred = withDeferredDateTimeFormat(() => new Intl.DateTimeFormat('fr-CM', options));
    const real = new Intl.DateTimeFormat('fr-CM', options);
    expect(deferred.format(at)).toBe(real.format(at));
    expect(deferred.formatToParts(at)).toEqual(real.formatToParts(at));
    expect(deferred.resolvedOptions()).toEqual(real.resolvedOptions());
    expect(deferred).toBeInstanceOf(Intl.DateTimeFormat);
    // A method taken off the formatter keeps working, as Nest's logger uses it.
    const { format } = deferred;
    expect(format(at)).toBe(real.format(at));
  });

  it('puts the constructor back, even when loading throws', () => {
    const original = Intl.DateTimeFormat;
    expect(() =>
      withDeferredDateTimeFormat(() => {
        expect(Intl.DateTimeFormat).not.toBe(original);
        throw new Error('load failed');
      }),
    ).toThrow('load failed');
    expect(Intl.DateTimeFormat).toBe(original);
    expect(withDeferredDateTimeFormat(() => 42)).toBe(42);
    expect(Intl.DateTimeFormat).toBe(original);
  });

  it('leaves the locales it is asked about to the real constructor', () => {
    const supported = withDeferredDateTimeFormat(() => Intl.DateTimeFormat.supportedLocalesOf(['fr-CM', 'en-NG']));
    expect(supported).toEqual(Intl.DateTimeFormat.supportedLocalesOf(['fr-CM', 'en-NG']));
  });
});
