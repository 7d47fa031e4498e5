import { readFileSync } from 'node:fs';
import { ERROR_CODES, HTTP_ERROR_MESSAGES } from './error-codes';

// the README's generator (a plain script, run as `node scripts/error-codes-table.js --write`)
const { table, readmeWithTable, README, START, END } = require('../../../../scripts/error-codes-table.js') as {
  table: () => string;
  readmeWithTable: (readme: string, generated: string) => string;
  README: string;
  START: string;
  END: string;
};

describe('the README’s error codes table', () => {
  const readme = readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf(START), readme.indexOf(END));

  it('is the registry’s: regenerate it with node scripts/error-codes-table.js --write', () => {
    expect(readmeWithTable(readme, table())).toBe(readme);
  });

  it('lists every code of the registry with its status', () => {
    for (const [code, definition] of Object.entries(ERROR_CODES)) {
      const status = code === 'HTTP_ERROR' ? Object.keys(HTTP_ERROR_MESSAGES).join(', ') : String(definition.status);
      expect(section).toContain(`| \`${code}\` | ${status} |`);
    }
    expect(section.match(/^\| `[A-Z_]+` \|/gm)).toHaveLength(Object.keys(ERROR_CODES).length);
  });

  it('fails when a code is added to the registry without the README', () => {
    const stale = readme.replace(/^\| `WALLET_INSUFFICIENT_BALANCE` .*\n/m, '');
    expect(readmeWithTable(stale, table())).not.toBe(stale);
  });

  it('shows plural messages in their general form', () => {
    expect(section).toContain(
      '| `RATE_LIMIT_EXCEEDED` | 429 | Too many requests. Retry after {retryAfter} seconds. · or, saying what is wrong: Too many failed sign-ins on this account: retry after {retryAfter} seconds,',
    );
  });
});
