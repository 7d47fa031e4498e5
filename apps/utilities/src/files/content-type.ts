import { fromBuffer } from 'file-type';

/** Bytes enough for file-type to recognize every format it knows. */
export const SNIFF_BYTES = 4100;

/**
 * Binary formats accepted, as recognized from the bytes (never from the declared type):
 * images, PDF, Office Open XML and OpenDocument, RTF, ZIP and XML. Everything else is refused
 * with FILE_TYPE_NOT_ALLOWED — executables (PE, ELF, Mach-O, MSI), scripts' archives, media,
 * and any binary the sniffer does not recognize.
 */
export const ALLOWED_BINARY_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/bmp',
  'image/avif',
  'image/heic',
  'image/heif',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'application/zip',
  'application/xml',
]);

/**
 * Text (valid UTF-8 without NUL bytes) is `text/plain`, unless the uploader declared one of
 * these text formats, which the bytes cannot contradict (a sniffer cannot tell CSV from text).
 * HTML and SVG are never honoured: they are served as text/plain.
 */
export const DECLARABLE_TEXT_TYPES: ReadonlySet<string> = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json']);

export type ContentTypeDecision = { allowed: true; contentType: string } | { allowed: false; detected: string };

/** The type a file is stored and served with, from its first bytes and whether it is all UTF-8 text. */
export async function decideContentType(head: Buffer, isText: boolean, declared?: string): Promise<ContentTypeDecision> {
  const detected = await fromBuffer(head);
  if (detected) {
    return ALLOWED_BINARY_TYPES.has(detected.mime) ? { allowed: true, contentType: detected.mime } : { allowed: false, detected: detected.mime };
  }
  if (!isText) return { allowed: false, detected: 'application/octet-stream' };
  const declaredType = declared?.split(';')[0].trim().toLowerCase();
  return { allowed: true, contentType: declaredType && DECLARABLE_TEXT_TYPES.has(declaredType) ? declaredType : 'text/plain' };
}

/** Textual types are served with their charset. */
export function servedContentType(contentType: string): string {
  return contentType.startsWith('text/') || contentType === 'application/json' || contentType === 'application/xml'
    ? `${contentType}; charset=utf-8`
    : contentType;
}

/**
 * Follows a stream's bytes: whether they are all UTF-8 text without NUL (checked chunk by
 * chunk, so a character split across chunks is fine), and the first SNIFF_BYTES.
 */
export class ContentInspector {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private text = true;

  update(chunk: Buffer): void {
    if (this.headLength < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    if (!this.text) return;
    if (chunk.includes(0)) this.text = false;
    else {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.text = false;
      }
    }
  }

  finish(): { head: Buffer; isText: boolean } {
    if (this.text) {
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    return { head: Buffer.concat(this.headChunks), isText: this.text };
  }
}
