const { dirname, resolve } = require('node:path');
const { fromRoot, repoPath, staleMessage, withAllowlist } = require('./allowlist');

const CHECKS = ['apps', 'internals', 'alias'];
const ALIAS = '@platform/common/';
const LIBRARY = 'libs/common/src/';
const INTERNALS = `${LIBRARY}library-internals/`;
const appOf = (path) => /^apps\/([^/]+)\//.exec(path)?.[1];

/**
 * Imports keep the suite's boundaries:
 * - apps: an app never imports another app (share through libs/common or an internal contract), and
 *   the library imports no app;
 * - internals: the patches fenced in libs/common/src/library-internals are reached only from inside
 *   libs/common (the rest of the code uses what the barrel exports);
 * - alias: code outside libs/ reaches the library through `@platform/common`, never by a relative path.
 * Relative paths are resolved, so `../../other-app/src/x` is seen for what it is.
 */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'No import across apps, into a library’s internals, or into a library by relative path' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          checks: { type: 'array', items: { enum: CHECKS }, uniqueItems: true },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      acrossApps: 'Apps never import each other: {{from}} imports {{target}}. Share it through libs/common or call the app through an internal contract.',
      libraryImportsApp: 'The library imports no app: {{target}}.',
      internals: 'library-internals is fenced: outside libs/common use what `@platform/common` exports, not {{target}}.',
      alias: 'Import the library through `@platform/common`, not by the relative path {{specifier}}.',
      stale: staleMessage,
    },
  },
  create(context) {
    const checks = new Set(context.options[0]?.checks ?? CHECKS);
    const from = repoPath(context);
    const fromApp = appOf(from);

    /** The imported path relative to the repository's root, or undefined for a package. */
    function targetOf(specifier) {
      if (specifier.startsWith(ALIAS)) return LIBRARY + specifier.slice(ALIAS.length);
      if (specifier === '@platform/common') return LIBRARY + 'index';
      if (!specifier.startsWith('.')) return undefined;
      return fromRoot(resolve(dirname(context.filename), specifier));
    }

    return withAllowlist(context, (report) => {
      function check(node, specifier) {
        if (typeof specifier !== 'string') return;
        const target = targetOf(specifier);
        if (target === undefined) return;
        const targetApp = appOf(target);
        if (checks.has('apps') && targetApp) {
          if (fromApp && targetApp !== fromApp) report({ node, messageId: 'acrossApps', data: { from: `apps/${fromApp}`, target } });
          if (from.startsWith('libs/')) report({ node, messageId: 'libraryImportsApp', data: { target } });
        }
        if (checks.has('internals') && (target + '/').startsWith(INTERNALS) && !from.startsWith('libs/common/')) {
          report({ node, messageId: 'internals', data: { target } });
        }
        if (checks.has('alias') && specifier.startsWith('.') && target.startsWith('libs/') && !from.startsWith('libs/')) {
          report({ node, messageId: 'alias', data: { specifier } });
        }
      }
      const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
      return {
        ImportDeclaration: (node) => check(node.source, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
        ExportAllDeclaration: (node) => check(node.source, node.source.value),
        ImportExpression: (node) => check(node.source, literal(node.source)),
        TSExternalModuleReference: (node) => check(node.expression, literal(node.expression)),
        TSImportType(node) {
          // `source` since typescript-eslint 8.x; `argument` (a literal type) before
          const source = node.source ?? (node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument);
          check(source, literal(source));
        },
        CallExpression(node) {
          const [argument] = node.arguments;
          if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(argument, literal(argument));
        },
      };
    });
  },
};
