export * from './cli';
export * from './embedded-postgres';
export * from './job-commands';
