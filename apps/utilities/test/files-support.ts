import { Developer, RunningApp } from '@test/support/stack';

export const FILES = '/api/v1/app/files';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e2ddb40000000049454e44ae426082',
  'hex',
);
/** A Windows executable's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

export interface Upload {
  content: Buffer;
  filename?: string;
  type?: string;
  fields?: Record<string, string>;
  fieldName?: string;
}

/** A multipart upload as a browser or curl -F would send it. */
export async function upload(dev: Developer, app: RunningApp, file: Upload, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(file.fields ?? {})) form.append(name, value);
  form.append(file.fieldName ?? 'file', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'file.bin');
  const response = await fetch(`${app.url}${FILES}`, { method: 'POST', headers: dev.headers(headers), body: form, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** The raw bytes of a GET, with any headers. */
export async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('application/json') && bytes.length ? JSON.parse(bytes.toString()) : undefined;
  return { status: response.status, headers: response.headers, bytes, json };
}

/** A signed link fetched from the app under test: the link's path and query on the app's own address (links start with PUBLIC_BASE_URL). */
export function fetchLink(app: RunningApp, publicUrl: string, headers: Record<string, string> = {}) {
  const link = new URL(publicUrl);
  return fetchBytes(`${app.url}${link.pathname}${link.search}`, headers);
}
