import { Inject, Injectable } from '@nestjs/common';
import { Environment, internalToken } from '@platform/common';
import type { BooksPostingRequest } from './posting.entity';

export type BooksAnswer =
  | { outcome: 'posted'; journalEntryId: string; number: string | null }
  | { outcome: 'refused'; error: string }
  | { outcome: 'unavailable'; error: string };

/** Books' internal posting route: idempotent per (company, source, reference). */
@Injectable()
export class BooksClient {
  private readonly token: string;

  constructor(@Inject(Environment) private readonly env: Environment) {
    this.token = internalToken(env);
  }

  async post(request: BooksPostingRequest): Promise<BooksAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.env.BOOKS_URL}/internal/v1/books/journal-entries`, {
        method: 'POST',
        headers: { 'x-internal-token': this.token, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      return { outcome: 'unavailable', error: (error as Error).message };
    }
    const body = (await response.json().catch(() => ({}))) as { id?: string; number?: string; code?: string; message?: string };
    if (response.ok && body.id) return { outcome: 'posted', journalEntryId: body.id, number: body.number ?? null };
    // a missing route (wrong token or address) is a deployment problem: keep retrying rather than drop the posting
    if (response.status >= 500 || (response.status === 404 && body.code === 'HTTP_ERROR')) return { outcome: 'unavailable', error: `books answered ${response.status}` };
    return { outcome: 'refused', error: `${body.code ?? response.status}: ${body.message ?? ''}`.slice(0, 500) };
  }
}
