import { PayDomain1795355060449 } from './1795355060449-PayDomain';

export const PAY_MIGRATIONS: Function[] = [PayDomain1795355060449];
