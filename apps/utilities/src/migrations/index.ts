export const UTILITIES_MIGRATIONS: Function[] = [];
