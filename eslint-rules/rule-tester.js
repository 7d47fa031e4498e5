const { join } = require('node:path');
const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const { ROOT } = require('./allowlist');

/** A RuleTester that parses TypeScript, and the absolute path of a file of the repository (the rules judge a file by its path). */
const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (path) => join(ROOT, path);

module.exports = { at, ruleTester };
