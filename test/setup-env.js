// e2e tests: quiet logs unless asked, and never read a developer's .env by accident.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.NODE_ENV = 'test';
