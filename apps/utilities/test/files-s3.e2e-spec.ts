import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UtilitiesModule } from '../src/utilities.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { EXE, fetchBytes, fetchLink, FILES, upload } from './files-support';

// s3rver ships no types
const S3rver = require('s3rver');

const BUCKET = 'platform-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The same API with FILES_STORAGE=s3, against an S3-compatible server (s3rver) on loopback. */
describe('files on S3-compatible storage', () => {
  let stack: TestStack;
  let app: RunningApp;
  let dev: Developer;
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let directory: string;
  let s3: S3Client;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
    stack = await TestStack.start();
    app = await stack.startApp(UtilitiesModule, 'utilities', {
      FILES_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      FILES_MAX_BYTES: String(256 * 1024),
    });
    dev = await stack.developer();
  });
  afterAll(async () => {
    await stack.stop();
    s3.destroy();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);

  it('uploads into the bucket, streams it back whole and by range, and deletes the object', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(100_000)]);
    const created = await upload(dev, app, { content: bytes, filename: 'report.pdf', fields: { visibility: 'public' } });
    expect(created.status).toBe(201);
    const file = created.body.data;
    expect(file).toMatchObject({ contentType: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });

    const key = `${dev.organizationId}/${file.id}`;
    expect(await keys()).toContain(key);
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    // nothing is kept on local disk
    expect(existsSync(join(stack.env.DATA_DIR, 'files', 'objects'))).toBe(false);

    const full = await fetchBytes(`${app.url}${FILES}/${file.id}/content`, dev.headers());
    expect(full.status).toBe(200);
    expect(full.bytes.equals(bytes)).toBe(true);
    expect(full.headers.get('content-length')).toBe(String(bytes.length));

    const range = await fetchBytes(`${app.url}${FILES}/${file.id}/content`, dev.headers({ range: 'bytes=100-199' }));
    expect(range.status).toBe(206);
    expect(range.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect((await fetchBytes(`${app.url}${FILES}/${file.id}/content`, dev.headers({ range: `bytes=${bytes.length}-` }))).status).toBe(416);

    const anonymous = await fetchLink(app, file.publicUrl);
    expect(anonymous.bytes.equals(bytes)).toBe(true);

    const other = await stack.developer();
    expectError(await other.call(app, 'GET', `${FILES}/${file.id}`), 404, 'FILE_NOT_FOUND');

    expect((await dev.call(app, 'DELETE', `${FILES}/${file.id}`)).status).toBe(200);
    expect(await keys()).not.toContain(key);
    expectError(await dev.call(app, 'GET', `${FILES}/${file.id}`), 404, 'FILE_NOT_FOUND');
  });

  it('refused and oversized uploads leave no object and no staging file', async () => {
    const before = await keys();
    expect((await upload(dev, app, { content: EXE })).status).toBe(415);
    expect((await upload(dev, app, { content: Buffer.alloc(256 * 1024 + 1, 97) })).status).toBe(413);
    expect(await keys()).toEqual(before);
    expect(readdirSync(join(stack.env.DATA_DIR, 'files', 'staging'))).toEqual([]);
  });
});
