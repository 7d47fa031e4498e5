// The generator of the repositories' SQL (a plain script, run as `npm run queries`)
const { COMMAND, generateQueries, staleFiles } = require('../../scripts/repository-queries.js') as {
  COMMAND: string;
  generateQueries: () => Promise<{ files: Map<string, string>; problems: string[] }>;
  staleFiles: (files: Map<string, string>) => string[];
};

/**
 * Each repository's `<feature>.queries.sql` is the SQL its methods run now: the samples are run
 * again on a fresh database (in memory, nothing written), and a file that differs, is missing or
 * has lost its repository is named with the command that writes it. Every method has a sample
 * and takes the tenant first, and every sample runs.
 */
describe('the SQL committed beside each repository', () => {
  it(`is what the repository runs (${COMMAND} writes it)`, async () => {
    const { files, problems } = await generateQueries();
    expect(problems).toEqual([]);
    expect(staleFiles(files).map((file) => `${file}: run ${COMMAND}`)).toEqual([]);
    expect(files.size).toBeGreaterThan(0);
  }, 180_000);
});
