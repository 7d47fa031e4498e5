import { BooksDomain1795355336440 } from './1795355336440-BooksDomain';
import { EventOutbox1795716415502 } from './1795716415502-EventOutbox';
import { ListSync1795810000000 } from './1795810000000-ListSync';

export const BOOKS_MIGRATIONS: Function[] = [BooksDomain1795355336440, EventOutbox1795716415502, ListSync1795810000000];
