import { BooksDomain1795355336440 } from './1795355336440-BooksDomain';

export const BOOKS_MIGRATIONS: Function[] = [BooksDomain1795355336440];
