const { allowSchema, staleMessage, withAllowlist } = require('./allowlist');

/**
 * `process.env` is read in one place, the configuration module, where it is validated
 * (`Environment`), and in entry points and scripts; everything else takes the validated settings.
 * Nothing passes values around by writing to it. Where it may be read is the config's `files`/`ignores`.
 */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'process.env only in the configuration module and entry points' },
    schema: [allowSchema],
    messages: {
      env: 'Read settings from the validated `Environment` (libs/pipeline/src/config), not `process.env`.',
      stale: staleMessage,
    },
  },
  create(context) {
    const isProcess = (node) => node.type === 'Identifier' && node.name === 'process';
    const isEnvKey = (property) => property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === 'env';
    return withAllowlist(context, (report) => ({
      MemberExpression(node) {
        const name = node.computed ? node.property.type === 'Literal' && node.property.value : node.property.name;
        if (isProcess(node.object) && name === 'env') report({ node, messageId: 'env' });
      },
      VariableDeclarator(node) {
        if (node.init && isProcess(node.init) && node.id.type === 'ObjectPattern' && node.id.properties.some(isEnvKey)) report({ node, messageId: 'env' });
      },
      ImportDeclaration(node) {
        if (node.source.value !== 'process' && node.source.value !== 'node:process') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'env') report({ node: specifier, messageId: 'env' });
        }
      },
    }));
  },
};
