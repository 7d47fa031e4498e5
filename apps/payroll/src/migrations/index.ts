export const PAYROLL_MIGRATIONS: Function[] = [];
