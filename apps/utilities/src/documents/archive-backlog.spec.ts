import archiver from 'archiver';
import JSZip from 'jszip';
import { pipeline, Writable } from 'node:stream';
import { pipeline as pipelined } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ArchiveBacklog } from './archive-backlog';

const ENTRY_BYTES = 64 * 1024;
const ENTRIES = 64;
const LIMIT = 256 * 1024;

/** A reader that takes a millisecond a chunk (a store slower than the writer), keeping what it read. */
function slowReader(chunks: Buffer[]): Writable {
  return new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setTimeout(done, 1);
    },
  });
}

const entry = (i: number) => Buffer.alloc(ENTRY_BYTES, i % 256);

describe('ArchiveBacklog', () => {
  it('shows what an archive holds for a reader that has not read: every entry it was given, taken at once', async () => {
    const archive = archiver('zip', { store: true });
    const backlog = new ArchiveBacklog(LIMIT);
    const out = pipeline(archive, backlog, () => undefined);
    let taken = 0;
    archive.on('entry', () => (taken += 1));
    for (let i = 0; i < ENTRIES; i++) {
      backlog.give(ENTRY_BYTES);
      archive.append(entry(i), { name: `e-${i}.bin` });
    }
    // archiver takes its entries in turns of the event loop: given the time, a loaded machine's included
    for (const deadline = Date.now() + 10_000; taken < ENTRIES && Date.now() < deadline;) await sleep(10);
    // nothing read it, yet archiver says every entry is taken: without a count a writer would not wait;
    // all but what fits in the backlog's own buffers is held
    expect(taken).toBe(ENTRIES);
    expect(backlog.held).toBeGreaterThan((ENTRIES - 2) * ENTRY_BYTES);
    archive.abort();
    out.destroy();
  });

  it('keeps a writer that waits on it within the limit (and an entry) behind a slow reader, and the archive whole', async () => {
    const archive = archiver('zip', { store: true });
    const backlog = new ArchiveBacklog(LIMIT);
    const chunks: Buffer[] = [];
    const reading = pipelined(archive, backlog, slowReader(chunks));
    let most = 0;
    for (let i = 0; i < ENTRIES; i++) {
      backlog.give(ENTRY_BYTES);
      archive.append(entry(i), { name: `e-${i}.bin` });
      most = Math.max(most, backlog.held);
      await backlog.within();
      expect(backlog.held).toBeLessThanOrEqual(LIMIT);
    }
    await archive.finalize();
    await reading;
    expect(most).toBeLessThanOrEqual(LIMIT + ENTRY_BYTES);
    const zip = await JSZip.loadAsync(Buffer.concat(chunks));
    expect(Object.keys(zip.files)).toHaveLength(ENTRIES);
    expect((await zip.file('e-63.bin')!.async('nodebuffer')).equals(entry(63))).toBe(true);
  });

  it('lets a writer on at once while the archive holds no more than the limit', async () => {
    const backlog = new ArchiveBacklog(LIMIT);
    backlog.give(LIMIT);
    await expect(Promise.race([backlog.within().then(() => 'on'), sleep(20).then(() => 'waiting')])).resolves.toBe('on');
    backlog.give(1);
    await expect(Promise.race([backlog.within().then(() => 'on'), sleep(20).then(() => 'waiting')])).resolves.toBe('waiting');
  });
});
