import type { ErrorCode } from '../errors/error-codes';

/** What one internal route takes and answers; a route leaves out the parts it does not use. */
export interface RouteTypes {
  /** the `:name` segments of the path */
  params?: Record<string, string>;
  /** sent as a query string: an array comma-separated */
  query?: object;
  body?: object;
  headers?: Record<string, string>;
  /** the JSON of a success, as it is on the wire */
  response: unknown;
  /** the refusals a caller may pass on to its own caller as they are (InternalApi.expectOk's passThrough) */
  refusals?: ErrorCode;
}

/**
 * A service-to-service route, declared once in its owner's contract: the owner serves it with
 * `@Internal(route)` and every caller reaches it through InternalApi, so that a change to one
 * side that the other does not follow fails the type check. Success answers are the response's
 * JSON as it is, refusals the platform's error envelope.
 */
export interface InternalRoute<T extends RouteTypes> {
  readonly method: 'GET' | 'POST';
  /** a path template: `:name` segments are the route's params */
  readonly path: string;
  /** never set: carries the route's types to both sides */
  readonly types?: T;
}

/** An instant as JSON carries it: what a Date becomes (`toJSON()`, ISO 8601 in UTC). */
export type Timestamp = `${number}-${number}-${number}T${string}Z`;

/** What a handler may return for an answer of type `T` on the wire: the same, with a Date where the wire carries its Timestamp. */
export type Served<T> = T extends Timestamp ? T | Date : T extends readonly (infer U)[] ? Served<U>[] : T extends object ? { [K in keyof T]: Served<T[K]> } : T;

/** What a caller gives for one call of the route: its params, query, body and headers, as the route declares them. */
export type RouteRequest<T extends RouteTypes> = Pick<T, Extract<keyof T, 'params' | 'query' | 'body' | 'headers'>>;

/** The refusals of a route that a caller may pass on. */
export type RouteRefusal<T extends RouteTypes> = NonNullable<T['refusals']>;
