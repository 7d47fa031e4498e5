export const HR_MIGRATIONS: Function[] = [];
