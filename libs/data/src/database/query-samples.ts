import 'reflect-metadata';
import type { EntityManager } from 'typeorm';
import { encodeCursor } from '@platform/pipeline/http/page-cursor';

/**
 * The arguments a repository method is called with when its SQL is written beside it
 * (`<feature>.queries.sql`, by `npm run queries`: see docs/repositories.md), and the name that
 * tells this call from the method's others.
 */
export interface QuerySampleCall {
  name: string | null;
  params: unknown[];
}

const SAMPLES = 'platform:query-samples';
const TRANSACTION = Symbol('the transaction a sample runs in');
const OTHER_ID = 'a0000000-0000-4000-8000-000000000002';

/**
 * Values for samples. Only the SQL is written, never the values, so any valid value does; these
 * are fixed so that a sample reads the same every time.
 */
export const SAMPLE = {
  companyId: 'c0000000-0000-4000-8000-000000000001',
  id: 'a0000000-0000-4000-8000-000000000001',
  otherId: OTHER_ID,
  date: '2026-03-31',
  /** A list's cursor after a row (`SAMPLE.otherId`), with the walk's total: the page after a key. */
  cursor: encodeCursor([OTHER_ID], 1),
  /** Stands for the caller's transaction: the script passes the EntityManager of a transaction it rolls back. */
  tx: TRANSACTION as unknown as EntityManager,
};

/** True for `SAMPLE.tx`. */
export function isSampleTransaction(value: unknown): boolean {
  return value === TRANSACTION;
}

/**
 * Declares one call of a repository method for its `.queries.sql`: `params` are its arguments
 * (checked against the method's parameters), `name` tells it from the method's other samples
 * (a filter, a mode). A method may carry several; every method of a repository carries one at
 * least, or the script reports it missing.
 */
export function QuerySample<A extends unknown[]>(params: [...A], name?: string) {
  return <M extends (...params: A) => Promise<unknown>>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    const method = descriptor.value!;
    // decorators apply from the bottom up: the one written first comes first
    Reflect.defineMetadata(SAMPLES, [{ name: name ?? null, params }, ...querySamplesOf(method)], method);
  };
}

export function querySamplesOf(method: Function): QuerySampleCall[] {
  return (Reflect.getOwnMetadata(SAMPLES, method) as QuerySampleCall[] | undefined) ?? [];
}
