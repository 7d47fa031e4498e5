// Lets a worker thread started from the TypeScript sources (as ts-jest runs them) require .ts
// modules: TypeScript compiles each to CommonJS as it loads. The built service (dist/) never uses it.
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, inlineSourceMap: true };

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};
