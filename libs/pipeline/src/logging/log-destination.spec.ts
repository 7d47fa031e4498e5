import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import * as ts from 'typescript';
import { BufferedLogDestination, LOG_BUFFER_CHARS } from './log-destination';

describe('BufferedLogDestination', () => {
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'platform-log-'));
    path = join(dir, 'out.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const lines = () =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Writes what is left, stops the periodic flush and closes the file. */
  async function end(destination: BufferedLogDestination) {
    const writer = destination.end();
    await once(writer, 'close');
  }

  it('holds a quiet service’s lines until the flush interval, then writes them whole and in order', async () => {
    const destination = new BufferedLogDestination(openSync(path, 'a'), LOG_BUFFER_CHARS, 300);
    const logger = pino({ base: { service: 'hr' } }, destination);
    logger.info({ reqId: 'r-1', statusCode: 200 }, 'request completed');
    logger.info({ reqId: 'r-2', statusCode: 201 }, 'request completed');
    await sleep(100);
    expect(readFileSync(path, 'utf8')).toBe('');

    await sleep(500);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, service: 'hr', reqId: 'r-1', statusCode: 200, msg: 'request completed' }),
      expect.objectContaining({ level: 30, service: 'hr', reqId: 'r-2', statusCode: 201, msg: 'request completed' }),
    ]);
    await end(destination);
  });

  it('writes a warning or an error at once, after the lines gathered before it', async () => {
    const destination = new BufferedLogDestination(openSync(path, 'a'), LOG_BUFFER_CHARS, 60_000);
    const logger = pino({ base: { service: 'hr' } }, destination);
    logger.info({ reqId: 'r-1' }, 'request completed');
    logger.warn('auth unreachable');
    logger.info({ reqId: 'r-2' }, 'request completed');
    await sleep(100);
    expect(lines()).toEqual([expect.objectContaining({ level: 30, reqId: 'r-1' }), expect.objectContaining({ level: 40, msg: 'auth unreachable' })]);

    logger.error('payment provider failed');
    await sleep(100);
    expect(lines().map((entry) => entry.level)).toEqual([30, 40, 30, 50]);
    await end(destination);
  });

  it('hands a busy service’s lines over as soon as 4 kB have gathered, and all of them on a synchronous flush', async () => {
    const destination = new BufferedLogDestination(openSync(path, 'a'), LOG_BUFFER_CHARS, 60_000);
    const logger = pino({ base: { service: 'utilities' } }, destination);
    const line = (i: number) => logger.info({ reqId: `r-${i}`, url: '/api/v1/app/notifications/preferences' }, 'request completed');
    let count = 0;
    while (count * 100 < LOG_BUFFER_CHARS) line(count++);
    await sleep(200);
    const written = lines().length;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(count);

    line(count++);
    destination.flushSync();
    expect(lines().map((entry) => entry.reqId)).toEqual(Array.from({ length: count }, (_, i) => `r-${i}`));
    await end(destination);
  });

  it('writes what it holds when the process exits', () => {
    // The module as plain JavaScript, in a child process that logs a line and exits at once.
    const source = ts.transpileModule(readFileSync(join(__dirname, 'log-destination.ts'), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(dir, 'log-destination.js'), source.outputText);
    const script = [
      `const pino = require('pino');`,
      `const { BufferedLogDestination } = require(${JSON.stringify(join(dir, 'log-destination.js'))});`,
      `const logger = pino({ base: { service: 'pay' } }, new BufferedLogDestination(1));`,
      `logger.info('before exit');`,
      `process.exit(3);`,
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: join(__dirname, '../../../../node_modules') },
    });
    expect(result.status).toBe(3);
    expect(result.stdout).toContain('"msg":"before exit"');
  });
});
