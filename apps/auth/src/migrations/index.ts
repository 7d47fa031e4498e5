import { Initial1795352576881 } from './1795352576881-Initial';

export const AUTH_MIGRATIONS: Function[] = [Initial1795352576881];
