import { spawnSync } from 'node:child_process';

const PROMTOOL = process.env.PROMTOOL ?? 'promtool';

/**
 * What `promtool check metrics` (Debian's prometheus package; .ci/run installs it) says of a
 * scrape: its problems, one a line, or '' when it passes. Throws when promtool cannot be run, so
 * that a missing tool fails the test instead of passing it.
 */
export function promtoolProblems(scrape: string): string {
  const result = spawnSync(PROMTOOL, ['check', 'metrics'], { input: scrape, encoding: 'utf8', timeout: 30_000 });
  if (result.error) throw new Error(`promtool could not be run ("${PROMTOOL}": ${result.error.message}); install Debian's prometheus package or set PROMTOOL`);
  const said = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0 && !said) throw new Error(`promtool check metrics exited ${result.status} saying nothing`);
  return result.status === 0 ? said : said || `exit ${result.status}`;
}
