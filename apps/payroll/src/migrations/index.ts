import { PayrollRuns1795354294316 } from './1795354294316-PayrollRuns';

export const PAYROLL_MIGRATIONS: Function[] = [PayrollRuns1795354294316];
