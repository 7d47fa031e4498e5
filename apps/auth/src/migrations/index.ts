import { Initial1795352576881 } from './1795352576881-Initial';
import { CredentialsWriteScope1795704218951 } from './1795704218951-CredentialsWriteScope';

export const AUTH_MIGRATIONS: Function[] = [Initial1795352576881, CredentialsWriteScope1795704218951];
