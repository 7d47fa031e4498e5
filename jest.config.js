const common = {
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  moduleNameMapper: {
    '^@platform/(contracts|pipeline|data|devtools)$': '<rootDir>/libs/$1/src',
    '^@platform/(contracts|pipeline|data|devtools)/(.*)$': '<rootDir>/libs/$1/src/$2',
    '^@test/support/(.*)$': '<rootDir>/test/support/$1',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
};

module.exports = {
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/src/**/*.spec.ts', '<rootDir>/eslint-rules/**/*.spec.js'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/*/test/**/*.e2e-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/setup-env.js'],
    },
  ],
};
