import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { logDestination } from '@platform/pipeline/logging/log-destination';
import { UtilitiesModule } from '../src/utilities.module';
import { signFileLink } from '../src/files/signed-link';
import { call, eventually } from '@test/support/http';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { EXE, fetchBytes, fetchLink, FILES, PNG, upload } from './files-support';

const MAX_BYTES = 64 * 1024;
const SIGNING_KEY = 'files-signing-key-for-the-e2e-tests-0123456789';
const PUBLIC_BASE_URL = 'https://files.example.test';
const APP_ENV = { FILES_MAX_BYTES: String(MAX_BYTES), FILES_SIGNING_KEY: SIGNING_KEY, PUBLIC_BASE_URL };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('files on local disk', () => {
  let stack: TestStack;
  let app: RunningApp;
  let dev: Developer;
  let dataDir: string;

  beforeAll(async () => {
    stack = await TestStack.start();
    app = await stack.startApp(UtilitiesModule, 'utilities', APP_ENV);
    dev = await stack.developer();
    dataDir = stack.env.DATA_DIR;
  });
  afterAll(() => stack.stop());

  const staging = () => (existsSync(join(dataDir, 'files', 'staging')) ? readdirSync(join(dataDir, 'files', 'staging')) : []);
  const content = (id: string, headers: Record<string, string> = {}, who = dev) => fetchBytes(`${app.url}${FILES}/${id}/content`, who.headers(headers));

  it('stores an upload with the sniffed type, its size and SHA-256; the declared type is kept for reference only', async () => {
    const created = await upload(dev, app, { content: PNG, filename: 'logo.pdf', type: 'application/pdf' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      filename: 'logo.pdf',
      contentType: 'image/png',
      declaredContentType: 'application/pdf',
      size: PNG.length,
      sha256: sha256(PNG),
      visibility: 'internal',
      publicUrl: null,
    });
    const meta = await dev.call(app, 'GET', `${FILES}/${created.body.data.id}`);
    expect(meta.body.data).toEqual(created.body.data);

    const text = await upload(dev, app, { content: Buffer.from('name,amount\nAmina,5 000 €\n'), filename: 'pay.csv', type: 'text/csv' });
    expect(text.body.data).toMatchObject({ contentType: 'text/csv' });
    const html = await upload(dev, app, { content: Buffer.from('<script>alert(1)</script>'), filename: '../../x.html', type: 'text/html' });
    expect(html.body.data).toMatchObject({ contentType: 'text/plain', filename: 'x.html' });
  });

  it('refuses executables and unknown binaries (415), and files over the limit (413), keeping nothing', async () => {
    const before = (await dev.call(app, 'GET', FILES)).body.data.total;
    const exe = await upload(dev, app, { content: EXE, filename: 'invoice.pdf', type: 'application/pdf' });
    expectError({ ...exe, text: '' }, 415, 'FILE_TYPE_NOT_ALLOWED');
    expect(exe.body.details).toEqual({ detectedContentType: 'application/x-msdownload' });
    expectError({ ...(await upload(dev, app, { content: Buffer.from([0, 1, 2, 3, 255, 254]) })), text: '' }, 415, 'FILE_TYPE_NOT_ALLOWED');

    const tooLarge = await upload(dev, app, { content: randomBytes(MAX_BYTES + 1), filename: 'big.bin' });
    expectError({ ...tooLarge, text: '' }, 413, 'FILE_TOO_LARGE');
    expect(tooLarge.body.message).toBe(`The file is larger than the ${MAX_BYTES} bytes allowed.`);
    const muchTooLarge = await upload(dev, app, { content: Buffer.alloc(64 * MAX_BYTES, 97), filename: 'big.txt' });
    expectError({ ...muchTooLarge, text: '' }, 413, 'FILE_TOO_LARGE');
    const exactly = await upload(dev, app, { content: Buffer.alloc(MAX_BYTES, 97), filename: 'limit.txt' });
    expect(exactly.status).toBe(201);

    expect(staging()).toEqual([]);
    expect((await dev.call(app, 'GET', FILES)).body.data.total).toBe(before + 1);
  });

  it('validates the multipart body', async () => {
    const json = await dev.call(app, 'POST', FILES, { body: { file: 'x' } });
    expectError(json, 400, 'VALIDATION_FAILED');
    const wrongName = await upload(dev, app, { content: PNG, fieldName: 'document' });
    expectError({ ...wrongName, text: '' }, 400, 'VALIDATION_FAILED');
    expect(Object.keys(wrongName.body.errors)).toEqual(['document']);
    const badVisibility = await upload(dev, app, { content: PNG, fields: { visibility: 'everyone' } });
    expect(badVisibility.body.errors).toEqual({ visibility: ['visibility must be one of: internal, public'] });
    const extra = await upload(dev, app, { content: PNG, fields: { owner: 'me' } });
    expect(extra.body.errors).toEqual({ owner: ['property owner should not exist'] });

    const form = new FormData();
    form.append('visibility', 'public');
    const noFile = await fetch(`${app.url}${FILES}`, { method: 'POST', headers: dev.headers(), body: form });
    expect(await noFile.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { file: ['a part named file is required'] } });

    const two = new FormData();
    two.append('file', new Blob([PNG]), 'a.png');
    two.append('file', new Blob([PNG]), 'b.png');
    const twoFiles = await fetch(`${app.url}${FILES}`, { method: 'POST', headers: dev.headers(), body: two });
    expect(twoFiles.status).toBe(400);
    expect(staging()).toEqual([]);
  });

  it('answers a body that ends inside the file part at once, and keeps a declared type without control characters', async () => {
    const multipart = (body: string) => ({ headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, rawBody: Buffer.from(body, 'latin1') });
    for (const truncated of [
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel',
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n',
    ]) {
      const refused = await dev.call(app, 'POST', FILES, multipart(truncated));
      expectError(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.errors).toEqual({ body: ['body is not valid multipart/form-data'] });
    }
    const declared = await dev.call(
      app,
      'POST',
      FILES,
      multipart('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/pl\u0000ain\r\n\r\nhello\r\n--XYZ--\r\n'),
    );
    expect(declared.status).toBe(201);
    expect(declared.body.data).toMatchObject({ contentType: 'text/plain', declaredContentType: 'text/plain' });
    expect(staging()).toEqual([]);
  });

  it('streams the bytes with their headers; If-None-Match answers 304', async () => {
    const bytes = Buffer.from('Bonjour, ceci est un fichier texte: é à ü.\n'.repeat(50));
    const id = (await upload(dev, app, { content: bytes, filename: 'Relevé de paie.txt', type: 'text/plain' })).body.data.id;
    const full = await content(id);
    expect(full.status).toBe(200);
    expect(full.bytes.equals(bytes)).toBe(true);
    expect(
      Object.fromEntries(
        ['content-type', 'content-length', 'content-disposition', 'etag', 'accept-ranges', 'x-content-type-options', 'repr-digest'].map((h) => [
          h,
          full.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="Relev_ de paie.txt"; filename*=UTF-8''Relev%C3%A9%20de%20paie.txt`,
      etag: `"${sha256(bytes)}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'repr-digest': `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    });
    const notModified = await content(id, { 'if-none-match': `"${sha256(bytes)}"` });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
  });

  it('serves single ranges (206), refuses unsatisfiable ones (416), answers several ranges with the whole file', async () => {
    const bytes = randomBytes(1000);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), bytes]);
    const id = (await upload(dev, app, { content: pdf, filename: 'r.pdf' })).body.data.id;
    const size = pdf.length;

    const first = await content(id, { range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.bytes.equals(pdf.subarray(0, 10))).toBe(true);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get('content-length')).toBe('10');

    const suffix = await content(id, { range: 'bytes=-5' });
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(pdf.subarray(size - 5))).toBe(true);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);

    const open = await content(id, { range: 'bytes=500-' });
    expect(open.bytes.equals(pdf.subarray(500))).toBe(true);
    const clamped = await content(id, { range: `bytes=${size - 2}-${size + 100}` });
    expect(clamped.headers.get('content-range')).toBe(`bytes ${size - 2}-${size - 1}/${size}`);

    const unsatisfiable = await content(id, { range: `bytes=${size}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.json).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE', statusCode: 416 });
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${size}`);
    expect((await content(id, { range: 'bytes=9-3' })).status).toBe(416);

    const several = await content(id, { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect(several.bytes.equals(pdf)).toBe(true);
    const stale = await content(id, { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.status).toBe(200);
  });

  it('lists the company’s files newest first, paginated', async () => {
    const company = await stack.developer();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await upload(company, app, { content: Buffer.from(`file ${n}`), filename: `f${n}.txt` })).body.data.id);
    const page1 = await company.call(app, 'GET', `${FILES}?limit=2`);
    expect(page1.body.data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page1.body.data.items.map((f: { id: string }) => f.id)).toEqual([ids[2], ids[1]]);
    const page2 = await company.call(app, 'GET', `${FILES}?limit=2&page=2`);
    expect(page2.body.data.items.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    expectError(await company.call(app, 'GET', `${FILES}?limit=1000`), 400, 'VALIDATION_FAILED');
  });

  it('keeps companies apart: another company’s file is 404 everywhere', async () => {
    const id = (await upload(dev, app, { content: PNG, filename: 'mine.png' })).body.data.id;
    const other = await stack.developer();
    expectError(await other.call(app, 'GET', `${FILES}/${id}`), 404, 'FILE_NOT_FOUND');
    const bytes = await content(id, {}, other);
    expect(bytes.json).toMatchObject({ code: 'FILE_NOT_FOUND', statusCode: 404 });
    expectError(await other.call(app, 'DELETE', `${FILES}/${id}`), 404, 'FILE_NOT_FOUND');
    expectError(await other.call(app, 'PATCH', `${FILES}/${id}`, { body: { visibility: 'public' } }), 404, 'FILE_NOT_FOUND');
    expect((await other.call(app, 'GET', FILES)).body.data.items).toEqual([]);
    expectError(await dev.call(app, 'GET', `${FILES}/nope`), 404, 'FILE_NOT_FOUND');
    expect((await dev.call(app, 'GET', `${FILES}/${id}`)).status).toBe(200);
  });

  it('a public file has an expiring signed link that works without credentials', async () => {
    const created = await upload(dev, app, { content: PNG, filename: 'public.png', fields: { visibility: 'public' } });
    const file = created.body.data;
    expect(file.visibility).toBe('public');
    expect(file.publicUrl).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/api/v1/app/files/${file.id}/download\\?v=1&expires=\\d+&signature=[\\w-]+$`));
    expect(Date.parse(file.publicUrlExpiresAt) - Date.now()).toBeGreaterThan(3500_000);

    const anonymous = await fetchLink(app, file.publicUrl);
    expect(anonymous.status).toBe(200);
    expect(anonymous.bytes.equals(PNG)).toBe(true);
    expect(anonymous.headers.get('content-type')).toBe('image/png');
    const ranged = await fetchLink(app, file.publicUrl, { range: 'bytes=0-7' });
    expect(ranged.status).toBe(206);

    const short = await dev.call(app, 'GET', `${FILES}/${file.id}?ttl=120`);
    expect(Date.parse(short.body.data.publicUrlExpiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    expectError(await dev.call(app, 'GET', `${FILES}/${file.id}?ttl=10`), 400, 'VALIDATION_FAILED');

    const link = new URL(file.publicUrl);
    const url = new URL(`${link.pathname}${link.search}`, app.url);
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1));
    expect((await fetchBytes(tampered.toString())).json).toMatchObject({ code: 'FILE_LINK_INVALID', statusCode: 403 });
    const forged = new URL(url);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetchBytes(forged.toString())).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = `${app.url}${FILES}/${file.id}/download?v=1&expires=${past}&signature=${signFileLink(SIGNING_KEY, file.id, 1, past)}`;
    expect((await fetchBytes(expired)).json).toMatchObject({ code: 'FILE_LINK_INVALID' });
    expect((await fetchBytes(`${app.url}${FILES}/${file.id}/download`)).status).toBe(403);

    const internal = (await upload(dev, app, { content: PNG })).body.data.id;
    const future = Math.floor(Date.now() / 1000) + 600;
    expect(
      (await fetchBytes(`${app.url}${FILES}/${internal}/download?v=1&expires=${future}&signature=${signFileLink(SIGNING_KEY, internal, 1, future)}`)).status,
    ).toBe(403);
    expect((await call(app.url, 'GET', `${FILES}/${file.id}/content`)).status).toBe(401);

    const unpublished = await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'internal' } });
    expect(unpublished.body.data).toMatchObject({ visibility: 'internal', publicUrl: null });
    expect((await fetchLink(app, file.publicUrl)).status).toBe(403);
  });

  it('revokes links: a change of visibility kills them (public again revives none), and so does revoke-links', async () => {
    const file = (await upload(dev, app, { content: PNG, filename: 'revoked.png', fields: { visibility: 'public' } })).body.data;
    const fresh = (await dev.call(app, 'GET', `${FILES}/${file.id}?ttl=604800`)).body.data.publicUrl;
    expect((await fetchLink(app, fresh)).status).toBe(200);

    await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'internal' } });
    const republished = await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'public' } });
    expect(republished.status).toBe(200);
    for (const old of [file.publicUrl, fresh]) {
      const refused = await fetchLink(app, old);
      expectError({ status: refused.status, headers: refused.headers, body: refused.json, text: '' }, 403, 'FILE_LINK_INVALID');
    }
    expect(new URL(republished.body.data.publicUrl).searchParams.get('v')).toBe('3');
    expect((await fetchLink(app, republished.body.data.publicUrl)).status).toBe(200);
    const unchanged = await dev.call(app, 'PATCH', `${FILES}/${file.id}`, { body: { visibility: 'public' } });
    expect((await fetchLink(app, republished.body.data.publicUrl)).status).toBe(200);
    expect(new URL(unchanged.body.data.publicUrl).searchParams.get('v')).toBe('3');

    const revoked = await dev.call(app, 'POST', `${FILES}/${file.id}/revoke-links`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ success: true, data: { id: file.id, visibility: 'public' } });
    expect((await fetchLink(app, republished.body.data.publicUrl)).json).toMatchObject({ code: 'FILE_LINK_INVALID', statusCode: 403 });
    expect((await fetchLink(app, revoked.body.data.publicUrl)).bytes.equals(PNG)).toBe(true);

    const internal = (await upload(dev, app, { content: PNG })).body.data.id;
    expect((await dev.call(app, 'POST', `${FILES}/${internal}/revoke-links`)).body.data).toMatchObject({ visibility: 'internal', publicUrl: null });
    expectError(await dev.call(app, 'POST', `${FILES}/${randomUUID()}/revoke-links`), 404, 'FILE_NOT_FOUND');
    expectError(await (await stack.developer()).call(app, 'POST', `${FILES}/${file.id}/revoke-links`), 404, 'FILE_NOT_FOUND');
    const reader = await stack.developer({ scopes: ['app:read'] });
    expectError(await reader.call(app, 'POST', `${FILES}/${file.id}/revoke-links`), 403, 'INSUFFICIENT_SCOPE');
  });

  it('throttles downloads through links per file and client address, and counts them in the publisher’s usage, outside its quota', async () => {
    const limited = await stack.startApp(UtilitiesModule, 'utilities', { ...APP_ENV, FILES_LINK_DOWNLOADS_PER_MINUTE: '3', TRUST_PROXY: 'true' });
    const publisher = await stack.developer();
    const usage = async () => (await publisher.call(stack.auth, 'GET', '/api/v1/authorize/usage')).body.data;
    const first = (await upload(publisher, limited, { content: PNG, filename: 'a.png', fields: { visibility: 'public' } })).body.data;
    const second = (await upload(publisher, limited, { content: PNG, filename: 'b.png', fields: { visibility: 'public' } })).body.data;
    const before = await usage();
    expect(before.fileLinkDownloads).toEqual({ used: 0 });

    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 3; i++) expect((await fetchLink(limited, first.publicUrl, from('203.0.113.1'))).status).toBe(200);
    const refused = await fetchLink(limited, first.publicUrl, from('203.0.113.1'));
    expect({ status: refused.status, code: refused.json?.code }).toEqual({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await fetchLink(limited, first.publicUrl, from('203.0.113.2'))).status).toBe(200);
    expect((await fetchLink(limited, second.publicUrl, from('203.0.113.1'))).status).toBe(200);
    const forged = new URL(first.publicUrl);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetchLink(limited, forged.toString(), from('203.0.113.3'))).status).toBe(403);

    const after = await usage();
    expect(after.fileLinkDownloads).toEqual({ used: 5 });
    expect(after.apiRequests.byProduct.app).toBe(before.apiRequests.byProduct.app);
    await limited.close();
  });

  it('builds links from PUBLIC_BASE_URL, whatever Host the request names', async () => {
    const id = (await upload(dev, app, { content: PNG, filename: 'hosted.png', fields: { visibility: 'public' } })).body.data.id;
    // fetch() sends the URL's own host, whatever the headers say
    const publicUrl = await new Promise<string>((resolve, reject) => {
      httpRequest(new URL(`${FILES}/${id}`, app.url), { headers: { ...dev.headers(), host: 'evil.example' } }, (response) => {
        let text = '';
        response
          .setEncoding('utf8')
          .on('data', (chunk) => (text += chunk))
          .on('end', () => resolve(JSON.parse(text).data.publicUrl));
      })
        .on('error', reject)
        .end();
    });
    expect(new URL(publicUrl).origin).toBe(PUBLIC_BASE_URL);
  });

  it('writes a signed link’s download to the access log without its query string, and other routes’ queries as they came', async () => {
    const logged = await stack.startApp(UtilitiesModule, 'utilities', { ...APP_ENV, LOG_LEVEL: 'info' });
    const written: string[] = [];
    const write = jest.spyOn(logDestination(), 'write').mockImplementation((line: string) => written.push(line) > 0);
    try {
      const file = (await upload(dev, logged, { content: PNG, filename: 'logged.png', fields: { visibility: 'public' } })).body.data;
      const link = new URL(file.publicUrl);
      expect((await fetchLink(logged, file.publicUrl)).status).toBe(200);
      expect((await dev.call(logged, 'GET', `${FILES}?limit=5`)).status).toBe(200);
      const requests = await eventually(
        () => {
          const lines = written
            .join('')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { msg: string; route: string; url: string; statusCode: number });
          const done = lines.filter((line) => line.msg === 'request completed');
          return done.length >= 3 && done;
        },
        5000,
        'access-log lines',
      );
      expect(requests.find((line) => line.route === `${FILES}/:id/download`)).toMatchObject({ url: link.pathname, statusCode: 200 });
      expect(written.join('')).not.toContain(link.searchParams.get('signature'));
      expect(requests.find((line) => line.route === FILES && line.url.includes('?'))?.url).toBe(`${FILES}?limit=5`);
    } finally {
      write.mockRestore();
      await logged.close();
    }
  });

  it('deletes the row and the bytes', async () => {
    const created = (await upload(dev, app, { content: PNG, filename: 'gone.png', fields: { visibility: 'public' } })).body.data;
    const objects = join(dataDir, 'files', 'objects', dev.organizationId);
    expect(readdirSync(objects)).toContain(created.id);
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(
      [join(objects, created.id), objects, join(dataDir, 'files', 'objects'), join(dataDir, 'files'), join(dataDir, 'files', 'staging')].map(mode),
    ).toEqual(['600', '700', '700', '700', '700']);
    const deleted = await dev.call(app, 'DELETE', `${FILES}/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, message: 'Resource deleted.' });
    expectError(await dev.call(app, 'GET', `${FILES}/${created.id}`), 404, 'FILE_NOT_FOUND');
    expect((await content(created.id)).status).toBe(404);
    expect((await fetchLink(app, created.publicUrl)).status).toBe(403);
    expectError(await dev.call(app, 'DELETE', `${FILES}/${created.id}`), 404, 'FILE_NOT_FOUND');
    expect(readdirSync(objects)).not.toContain(created.id);
    expectError(await dev.call(app, 'DELETE', `${FILES}/${randomUUID()}`), 404, 'FILE_NOT_FOUND');
  });

  it('needs the app scopes', async () => {
    const reader = await stack.developer({ scopes: ['app:read'] });
    expectError({ ...(await upload(reader, app, { content: PNG })), text: '' }, 403, 'INSUFFICIENT_SCOPE');
    expect((await reader.call(app, 'GET', FILES)).status).toBe(200);
  });
});
