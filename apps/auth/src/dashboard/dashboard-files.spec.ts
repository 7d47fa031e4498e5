import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dashboardDirectory, DashboardFiles } from './dashboard-files';

describe('the dashboard’s built files', () => {
  let directory: string;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'dashboard-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(join(directory, 'index.html'), '<!doctype html><script defer src="/dashboard/assets/app-ABCDEFGH.js"></script>');
    writeFileSync(join(directory, 'assets', 'app-ABCDEFGH.js'), 'console.log("dashboard")');
    writeFileSync(join(directory, 'assets', 'notes.txt'), 'not an asset');
    writeFileSync(join(directory, 'secret.js'), 'beside the assets');
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is dist/dashboard beside the package.json, whether the code runs built or from source', () => {
    const root = join(__dirname, '..', '..', '..', '..');
    expect(dashboardDirectory()).toBe(join(root, 'dist', 'dashboard'));
    expect(dashboardDirectory(join(root, 'dist', 'apps', 'auth', 'src', 'dashboard'))).toBe(join(root, 'dist', 'dashboard'));
  });

  it('serves the page with a strong ETag of its content', async () => {
    const { html, etag } = await new DashboardFiles(directory).index();
    expect(html).toContain('app-ABCDEFGH.js');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
  });

  it('serves the assets the build wrote, gzipped too, and nothing else by any name', async () => {
    const files = new DashboardFiles(directory);
    const script = await files.asset('app-ABCDEFGH.js');
    expect(script?.contentType).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(script!.gzipped).equals(script!.body)).toBe(true);
    for (const name of ['notes.txt', '../secret.js', '..%2Fsecret.js', '../index.html', 'app-AAAAAAAA.js', ''])
      expect([name, await files.asset(name)]).toEqual([name, undefined]);
  });

  it('says to build when the page is missing', async () => {
    await expect(new DashboardFiles(join(directory, 'nowhere')).index()).rejects.toThrow(/The dashboard is not built .*: run npm run build/);
  });
});
