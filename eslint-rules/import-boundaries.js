const { dirname, resolve } = require('node:path');
const { fromRoot, repoPath, staleMessage, withAllowlist } = require('./allowlist');

const CHECKS = ['apps', 'layers', 'barrels', 'internals', 'alias'];

/** The libraries, lowest first: a library imports only the libraries below it. */
const LAYERS = ['contracts', 'pipeline', 'data', 'devtools'];
const ALIAS = /^@platform\/([a-z-]+)(?:\/(.*))?$/;
const INTERNALS = 'libs/pipeline/src/library-internals/';

/**
 * The modules code outside libs/ may import by path instead of through a barrel: what must be
 * loaded before or apart from the barrel.
 */
const ENTRY_POINTS = new Set([
  'pipeline/runtime/preload', // the first import of every main.ts: heap flags and deferred Intl, before anything loads
  'pipeline/runtime/suite-preload', // the one-machine suite's second import: its heap growth, before its apps load
  'pipeline/documents/pdf-fonts', // pdfkit's fonts, loaded only by the render that draws PDFs
  'pipeline/plans', // the developer dashboard's browser bundle: plans and scopes without the pipeline
  'contracts/service', // the developer dashboard's browser bundle: the services' names and prefixes
]);

const appOf = (path) => /^apps\/([^/]+)\//.exec(path)?.[1];
const libOf = (path) => /^libs\/([^/]+)\//.exec(path)?.[1];

/**
 * Imports keep the suite's boundaries:
 * - apps: an app never imports another app (share through a library or an internal contract), and
 *   no library imports an app;
 * - layers: the libraries depend one way, contracts ← pipeline ← data ← devtools: a library imports
 *   only the libraries below it (through `@platform/<lib>`, its barrel or one of its modules);
 * - barrels: code outside libs/ imports a library through its barrel, `@platform/<lib>`, except the
 *   few entry points that must load apart from it (ENTRY_POINTS);
 * - internals: the patches fenced in libs/pipeline/src/library-internals are reached only from the
 *   libraries (the rest of the code uses what the barrels export);
 * - alias: a library is reached through `@platform/<lib>`, never by a relative path from outside it.
 * Relative paths are resolved, so `../../other-app/src/x` is seen for what it is.
 */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'No import across apps, up the libraries’ layers, past a barrel, into library internals, or into a library by relative path' },
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
      acrossApps: 'Apps never import each other: {{from}} imports {{target}}. Share it through a library or call the app through an internal contract.',
      libraryImportsApp: 'A library imports no app: {{target}}.',
      unknownLibrary: 'There is no library {{specifier}}: the libraries are {{libraries}}.',
      layers: 'Libraries depend one way ({{order}}): @platform/{{from}} may not import @platform/{{target}}.',
      barrels: 'Import {{specifier}} through its barrel, `@platform/{{library}}`.',
      internals: 'library-internals is fenced: outside libs/ use what the barrels export, not {{target}}.',
      alias: 'Import the library through `@platform/{{library}}`, not by the relative path {{specifier}}.',
      stale: staleMessage,
    },
  },
  create(context) {
    const checks = new Set(context.options[0]?.checks ?? CHECKS);
    const from = repoPath(context);
    const fromApp = appOf(from);
    const fromLib = libOf(from);

    /** The imported path relative to the repository's root, or undefined for a package. */
    function targetOf(specifier) {
      const alias = ALIAS.exec(specifier);
      if (alias) return `libs/${alias[1]}/src/${alias[2] ?? 'index'}`;
      if (!specifier.startsWith('.')) return undefined;
      return fromRoot(resolve(dirname(context.filename), specifier));
    }

    return withAllowlist(context, (report) => {
      function check(node, specifier) {
        if (typeof specifier !== 'string') return;
        const alias = ALIAS.exec(specifier);
        if (alias && !LAYERS.includes(alias[1])) {
          report({ node, messageId: 'unknownLibrary', data: { specifier, libraries: LAYERS.map((lib) => `@platform/${lib}`).join(', ') } });
          return;
        }
        const target = targetOf(specifier);
        if (target === undefined) return;
        const targetApp = appOf(target);
        const targetLib = libOf(target);
        if (checks.has('apps') && targetApp) {
          if (fromApp && targetApp !== fromApp) report({ node, messageId: 'acrossApps', data: { from: `apps/${fromApp}`, target } });
          if (fromLib) report({ node, messageId: 'libraryImportsApp', data: { target } });
        }
        if (checks.has('layers') && fromLib && targetLib && targetLib !== fromLib && LAYERS.indexOf(targetLib) > LAYERS.indexOf(fromLib)) {
          report({ node, messageId: 'layers', data: { order: LAYERS.join(' ← '), from: fromLib, target: targetLib } });
        }
        if (checks.has('barrels') && alias && alias[2] !== undefined && !fromLib && !ENTRY_POINTS.has(`${alias[1]}/${alias[2]}`)) {
          report({ node, messageId: 'barrels', data: { specifier, library: alias[1] } });
        }
        if (checks.has('internals') && (target + '/').startsWith(INTERNALS) && !fromLib) {
          report({ node, messageId: 'internals', data: { target } });
        }
        if (checks.has('alias') && specifier.startsWith('.') && targetLib && targetLib !== fromLib) {
          report({ node, messageId: 'alias', data: { specifier, library: targetLib } });
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
