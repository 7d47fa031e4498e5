import type { DocumentLocale } from './locale';

export type ColumnKind = 'text' | 'money' | 'number' | 'rate';
export type Cell = string | number | null;

export interface TableColumn {
  header: string;
  kind: ColumnKind;
  /** Share of the table width. */
  width: number;
}

export interface TableModel {
  title?: string;
  columns: TableColumn[];
  rows: Cell[][];
  /** A bold last row (totals). */
  footer?: Cell[];
}

export interface TotalLine {
  label: string;
  amount: number;
  strong?: boolean;
}

/**
 * What a document says, independent of its format: the PDF and XLSX renderers each lay out
 * any model, so a document type is only a function from its data to a model.
 */
export interface DocumentModel {
  title: string;
  companyName: string;
  subtitle?: string;
  locale: DocumentLocale;
  currency: string;
  facts: { label: string; value: string }[];
  tables: TableModel[];
  totals: TotalLine[];
  notes?: string;
}
