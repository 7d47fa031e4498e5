const { allowSchema, staleMessage, withAllowlist } = require('./allowlist');

/**
 * The file a decorated class lives in, by the decorator: a reader tells a file's kind by its name.
 * Injectables: Nest's kinds (service, guard, interceptor, pipe, strategy, provider, middleware), the
 * repositories, and the kinds this code base has several of: internal clients (`hr.client.ts`),
 * identity sources (`remote-identity.source.ts`), stores, Terminus health indicators.
 */
const KINDS = {
  Injectable: [
    '.service.ts',
    '.repository.ts',
    '.guard.ts',
    '.interceptor.ts',
    '.pipe.ts',
    '.strategy.ts',
    '.provider.ts',
    '.middleware.ts',
    '.client.ts',
    '.source.ts',
    '.store.ts',
    '.health.ts',
  ],
  Controller: ['.controller.ts'],
  Catch: ['.filter.ts'],
  Module: ['.module.ts'],
  Entity: ['.entity.ts', '.entities.ts'],
};

module.exports = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A class decorated @Injectable, @Controller, @Catch, @Module or @Entity lives in a file named for its kind' },
    schema: [allowSchema],
    messages: {
      suffix: 'A class decorated @{{decorator}} lives in a file named *{{suffixes}}.',
      stale: staleMessage,
    },
  },
  create(context) {
    return withAllowlist(context, (report, file) => ({
      'ClassDeclaration > Decorator'(node) {
        const callee = node.expression.type === 'CallExpression' ? node.expression.callee : node.expression;
        const suffixes = callee.type === 'Identifier' && KINDS[callee.name];
        if (suffixes && !suffixes.some((suffix) => file.endsWith(suffix))) {
          report({ node, messageId: 'suffix', data: { decorator: callee.name, suffixes: suffixes.join(' or *') } });
        }
      },
    }));
  },
};
