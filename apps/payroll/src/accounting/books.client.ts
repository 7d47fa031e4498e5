import { Inject, Injectable } from '@nestjs/common';
import { Environment, InternalAnswer, InternalApi } from '@platform/common';
import type { BooksPostingRequest } from './posting.entity';

export type BooksAnswer =
  | { outcome: 'posted'; journalEntryId: string; number: string | null }
  | { outcome: 'refused'; error: string }
  | { outcome: 'unavailable'; error: string };

/** Books' internal posting route: idempotent per (company, source, reference). */
@Injectable()
export class BooksClient {
  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly api: InternalApi,
  ) {}

  async post(request: BooksPostingRequest): Promise<BooksAnswer> {
    let answer: InternalAnswer;
    try {
      answer = await this.api.request(`${this.env.BOOKS_URL}/internal/v1/books/journal-entries`, { method: 'POST', body: request });
    } catch (error) {
      return { outcome: 'unavailable', error: (error as Error).message };
    }
    const body = (answer.body ?? {}) as { id?: string; number?: string; code?: string; message?: string };
    if (answer.ok && body.id) return { outcome: 'posted', journalEntryId: body.id, number: body.number ?? null };
    // a missing route (wrong token or address) is a deployment problem: keep retrying rather than drop the posting
    if (answer.status >= 500 || (answer.status === 404 && body.code === 'HTTP_ERROR')) return { outcome: 'unavailable', error: `books answered ${answer.status}` };
    return { outcome: 'refused', error: `${body.code ?? answer.status}: ${body.message ?? ''}`.slice(0, 500) };
  }
}
