/**
 * The house rules as lint rules (eslint.config.js turns them on, with their allowlists).
 * Each rule has its RuleTester cases beside it (`<rule>.spec.js`, run by jest's unit project).
 */
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The rules' own sources, hashed: ESLint's cache (`--cache`) holds results only for the same rules. */
const sources = readdirSync(__dirname)
  .filter((name) => name.endsWith('.js') && !name.endsWith('.spec.js'))
  .sort()
  .map((name) => readFileSync(join(__dirname, name), 'utf8'));
const version = createHash('sha256').update(sources.join('\0')).digest('hex').slice(0, 12);

module.exports = {
  meta: { name: 'platform', version },
  rules: {
    'data-source-in-data-layer': require('./data-source-in-data-layer'),
    'no-database-in-controllers': require('./no-database-in-controllers'),
    'import-boundaries': require('./import-boundaries'),
    'env-in-config': require('./env-in-config'),
    'file-kind-suffix': require('./file-kind-suffix'),
  },
};
