import { BooksDomain1795355098214 } from './1795355098214-BooksDomain';

export const BOOKS_MIGRATIONS: Function[] = [BooksDomain1795355098214];
