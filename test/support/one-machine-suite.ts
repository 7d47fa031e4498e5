import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '@platform/devtools';
import { call, sleep } from './http';
import { ROOT } from './paths';

export interface OneMachineSuite {
  /** `http://127.0.0.1:<port>`: every service behind it, routed as the Ingress routes them. */
  base: string;
  /** What the suite printed so far. */
  output(): string;
  /**
   * The CLI on the suite's store, as the README runs it (`npm run -s cli -- …`); in a process
   * the test waits for without blocking, so that its connections to the suite stay served.
   */
  cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

/**
 * `npm start` as a new user runs it (built first): all six apps on one port, on their own
 * PostgreSQL and in-process stores under a fresh DATA_DIR, no DATABASE_URL or REDIS_URL.
 */
export async function startOneMachineSuite(extraEnv: Record<string, string> = {}): Promise<OneMachineSuite> {
  execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: ROOT, stdio: 'inherit', timeout: 300_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-suite-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'development', ...extraEnv };
  const port = await freeLoopbackPort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const suite: ChildProcess = spawn(process.execPath, ['dist/suite/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  suite.stdout!.on('data', (chunk) => (output += chunk));
  suite.stderr!.on('data', (chunk) => (output += chunk));

  const stop = async () => {
    if (suite.exitCode === null && suite.signalCode === null) {
      const exited = new Promise((resolve) => suite.once('exit', resolve));
      suite.kill('SIGINT');
      await Promise.race([exited, sleep(15_000).then(() => suite.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await call(base, 'GET', '/healthz/ready')).status === 200) break;
    } catch {
      // not listening yet
    }
    if (suite.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the suite did not become ready: ${output}`);
    }
    await sleep(250);
  }
  return {
    base,
    output: () => output,
    cli: (...args) =>
      new Promise((resolve) => {
        execFile(process.execPath, ['dist/suite/cli.js', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
        });
      }),
    stop,
  };
}
