import { Initial1795352590224 } from './1795352590224-Initial';
import { NotificationsAndFiles1795355246768 } from './1795355246768-NotificationsAndFiles';

export const UTILITIES_MIGRATIONS: Function[] = [Initial1795352590224, NotificationsAndFiles1795355246768];
