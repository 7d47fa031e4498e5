const { allowSchema, staleMessage, withAllowlist } = require('./allowlist');

/**
 * The DataSource stays in the data layer: outside it a file neither imports TypeORM's `DataSource`
 * nor injects it (`@InjectDataSource()`), and opens no transaction itself (`x.transaction(...)`):
 * a service takes its repositories and `Transactions`, the one way into a transaction. Which files
 * are the data layer is the config's `files`/`ignores`.
 */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'DataSource and transactions only in the data layer (repositories, libs/data: database, jobs, outbox)' },
    schema: [allowSchema],
    messages: {
      import: 'DataSource is the data layer’s: query through a repository (`<feature>.repository.ts`).',
      inject: 'Inject a repository, not the DataSource.',
      transaction: 'Open transactions with `Transactions.run(...)`, the one way into a transaction.',
      stale: staleMessage,
    },
  },
  create(context) {
    return withAllowlist(context, (report) => ({
      ImportDeclaration(node) {
        if (node.source.value !== 'typeorm') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'DataSource') report({ node: specifier, messageId: 'import' });
        }
      },
      Decorator(node) {
        const callee = node.expression.type === 'CallExpression' ? node.expression.callee : node.expression;
        if (callee.type === 'Identifier' && callee.name === 'InjectDataSource') report({ node, messageId: 'inject' });
      },
      'CallExpression > MemberExpression.callee[property.name="transaction"]'(node) {
        report({ node, messageId: 'transaction' });
      },
    }));
  },
};
