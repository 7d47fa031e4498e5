import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { withDeferredDateTimeFormat } from './deferred-intl';

/** Runs `script` in a fresh Node process (nothing loaded yet), with this folder's deferred-intl.ts as ./deferred-intl.js; its standard output. */
function inFreshProcess(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'platform-intl-'));
  try {
    const source = ts.transpileModule(readFileSync(join(__dirname, 'deferred-intl.ts'), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(dir, 'deferred-intl.js'), source.outputText);
    const result = spawnSync(process.execPath, ['-e', script], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: join(__dirname, '../../../../node_modules') },
    });
    expect(result.stderr).toBe('');
    return result.stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('@nestjs/common at load, which the deferral is for', () => {
  it('builds date formatters as it loads (its loggers’ timestamps)', () => {
    const made = inFreshProcess(`
      const Original = Intl.DateTimeFormat;
      let made = 0;
      Intl.DateTimeFormat = new Proxy(Original, { construct: (target, args) => (made++, new target(...args)) });
      require('@nestjs/common');
      Intl.DateTimeFormat = Original;
      console.log(made);`);
    expect(Number(made)).toBeGreaterThan(0);
  });

  it('writes the same timestamps loaded with the deferral as without it', () => {
    const stamp = (deferred: boolean) =>
      inFreshProcess(`
        const { withDeferredDateTimeFormat } = require('./deferred-intl.js');
        const load = () => require('@nestjs/common');
        const { ConsoleLogger } = ${deferred ? 'withDeferredDateTimeFormat(load)' : 'load()'};
        Date.now = () => Date.UTC(2026, 10, 26, 17, 5, 9);
        console.log(new ConsoleLogger().getTimestamp());`);
    expect(stamp(true)).toBe(stamp(false));
    expect(stamp(true)).toMatch(/2026/);
  });
});

describe('withDeferredDateTimeFormat', () => {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZone: 'UTC',
  };
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
