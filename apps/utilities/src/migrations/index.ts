import { Initial1795352590224 } from './1795352590224-Initial';

export const UTILITIES_MIGRATIONS: Function[] = [Initial1795352590224];
