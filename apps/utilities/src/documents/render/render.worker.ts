import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { DocumentFormat } from '../document.entity';
import type { DocumentModel } from './document-model';
import { renderPdf } from './pdf-renderer';
import { renderXlsx } from './xlsx-renderer';

export interface RenderTask {
  model: DocumentModel;
  format: DocumentFormat;
}

export interface RenderResult {
  bytes: Uint8Array;
  /** PDF pages; null for a workbook. */
  pageCount: number | null;
}

/**
 * What a render thread runs (piscina calls the default export): a model in, the file's bytes
 * out. Laying out a long table is seconds of synchronous work for pdfkit and exceljs, which here
 * stop only this thread. The modules loaded from here must stay free of the @platform barrels: a render
 * thread loads pdfkit and exceljs, not the service's pipeline.
 */
export default async function render({ model, format }: RenderTask) {
  const rendered = format === 'pdf' ? await renderPdf(model) : { bytes: await renderXlsx(model), pageCount: null };
  // A small Buffer is a slice of Node's shared pool: moving that ArrayBuffer would take the whole pool away.
  const own =
    rendered.bytes.byteOffset === 0 && rendered.bytes.byteLength === rendered.bytes.buffer.byteLength ? rendered.bytes : new Uint8Array(rendered.bytes);
  const result: RenderResult = { bytes: own, pageCount: rendered.pageCount };
  return move({ [transferableSymbol]: [own.buffer], [valueSymbol]: result });
}
