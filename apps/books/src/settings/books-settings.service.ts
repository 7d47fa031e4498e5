import { Injectable } from '@nestjs/common';
import { DEFAULT_BOOK_CURRENCY } from './books-settings.entity';
import { BooksSettingsRepository } from './books-settings.repository';

export interface BooksSettingsView {
  currency: string;
  closedThrough: string | null;
  chartInstalled: boolean;
}

@Injectable()
export class BooksSettingsService {
  constructor(private readonly settings: BooksSettingsRepository) {}

  /** What a company's books are set to; a company that never wrote anything has the defaults. */
  async view(companyId: string): Promise<BooksSettingsView> {
    const settings = await this.settings.findSettings(companyId);
    return {
      currency: settings?.currency ?? DEFAULT_BOOK_CURRENCY,
      closedThrough: settings?.closedThrough ?? null,
      chartInstalled: Boolean(settings?.chartInstalledAt),
    };
  }
}
