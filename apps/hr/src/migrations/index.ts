import { Initial1795352584172 } from './1795352584172-Initial';

export const HR_MIGRATIONS: Function[] = [Initial1795352584172];
