import { Developer, RunningApp } from '@test/support/stack';

export const BOOKS = '/api/v1/books';

/** Installs the default chart for the developer's company (or the acting one) and returns account ids by code. */
export async function installChart(dev: Developer, books: RunningApp, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const installed = await dev.call(books, 'POST', `${BOOKS}/accounts/default-chart`, { headers, body: {} });
  expect(installed.status).toBe(200);
  const ids: Record<string, string> = {};
  for (let page = 1; ; page++) {
    const accounts = await dev.call(books, 'GET', `${BOOKS}/accounts?limit=100&page=${page}`, { headers });
    for (const account of accounts.body.data.items) ids[account.code] = account.id;
    if (page * 100 >= accounts.body.data.total) return ids;
  }
}

export interface Line {
  accountId: string;
  debit?: number;
  credit?: number;
  description?: string;
}

export const debit = (accountId: string, amount: number): Line => ({ accountId, debit: amount });
export const credit = (accountId: string, amount: number): Line => ({ accountId, credit: amount });

export function entry(date: string, lines: unknown[], over: Record<string, unknown> = {}) {
  return { date, memo: `Entry of ${date}`, lines, ...over };
}

export async function post(dev: Developer, books: RunningApp, body: unknown, headers: Record<string, string> = {}) {
  const result = await dev.call(books, 'POST', `${BOOKS}/journal-entries`, { body, headers });
  if (result.status !== 201) throw new Error(`posting failed: ${result.status} ${result.text}`);
  return result.body.data;
}
