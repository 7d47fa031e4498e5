const { allowSchema, staleMessage, withAllowlist } = require('./allowlist');

const DATABASE_IMPORTS = {
  typeorm: ['DataSource', 'EntityManager', 'Repository', 'QueryRunner'],
  '@nestjs/typeorm': ['InjectDataSource', 'InjectEntityManager', 'InjectRepository'],
};
const DATABASE_CALLS = ['query', 'getRepository', 'createQueryBuilder', 'transaction'];

/**
 * A controller validates and delegates: it imports and injects nothing of the database and runs no
 * query; the service behind it does, through its repositories.
 */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Controllers never touch the database' },
    schema: [allowSchema],
    messages: {
      import: 'A controller does not use {{name}}: call a service, whose repository queries.',
      call: 'A controller runs no query (`.{{name}}(...)`): call a service, whose repository queries.',
      stale: staleMessage,
    },
  },
  create(context) {
    return withAllowlist(context, (report) => ({
      ImportDeclaration(node) {
        const names = DATABASE_IMPORTS[node.source.value];
        if (!names) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && names.includes(specifier.imported.name)) {
            report({ node: specifier, messageId: 'import', data: { name: specifier.imported.name } });
          }
        }
      },
      'CallExpression > MemberExpression.callee'(node) {
        if (node.property.type === 'Identifier' && DATABASE_CALLS.includes(node.property.name)) {
          report({ node, messageId: 'call', data: { name: node.property.name } });
        }
      },
    }));
  },
};
