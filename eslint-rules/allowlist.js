const { join, relative, sep } = require('node:path');

/** The repository's root: the rules judge a file by its path from there, wherever ESLint runs. */
const ROOT = join(__dirname, '..');

/** A path relative to the repository's root, with forward slashes. */
const fromRoot = (path) => relative(ROOT, path).split(sep).join('/');

/** The file being linted, relative to the repository's root. */
const repoPath = (context) => fromRoot(context.filename);

/**
 * The `allow` option every house rule takes: files that broke the rule when it was written, listed so
 * that the rule holds for every other file. A listed file's reports are held back; a listed file that
 * no longer breaks the rule is reported, so the list only shrinks.
 */
const allowSchema = {
  type: 'object',
  properties: { allow: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
  additionalProperties: false,
};

const staleMessage = '{{file}} is on this rule’s allowlist but no longer breaks it: take it off the list in eslint.config.js.';

/**
 * Visitors of a rule whose reports are held back for an allowlisted file: `visit(report)` returns the
 * rule's visitors, calling `report(descriptor)` as it would `context.report`.
 */
function withAllowlist(context, visit) {
  const file = repoPath(context);
  const allowed = (context.options[0]?.allow ?? []).includes(file);
  let broken = 0;
  const report = (descriptor) => {
    broken++;
    if (!allowed) context.report(descriptor);
  };
  const visitors = visit(report, file);
  const exit = visitors['Program:exit'];
  return {
    ...visitors,
    'Program:exit'(node) {
      exit?.(node);
      if (allowed && broken === 0) context.report({ node, messageId: 'stale', data: { file } });
    },
  };
}

module.exports = { ROOT, allowSchema, fromRoot, repoPath, staleMessage, withAllowlist };
