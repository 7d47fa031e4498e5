// Lets a worker thread started from the TypeScript sources (as ts-jest runs them) require .ts
// modules: TypeScript compiles each to CommonJS as it loads, and the `@platform/*` libraries resolve as
// tsconfig's paths say. The built service (dist/) never uses it.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const ts = require('typescript');

const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, inlineSourceMap: true };
const LIBS = join(__dirname, '..', '..', 'libs');

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const library = /^@platform\/(contracts|pipeline|data|devtools)(\/.*)?$/.exec(request);
  if (library) request = join(LIBS, library[1], 'src', library[2] ?? '');
  return resolve.call(this, request, ...rest);
};
