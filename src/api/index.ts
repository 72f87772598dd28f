/**
 * The API's types, read from the generated src/api/schema.ts (npm run api:types, from the server's OpenAPI
 * document): a field renamed on the server breaks the typecheck of every screen that reads it.
 *
 *   Answer<"/api/order/orderview">              the 200 body of GET /api/order/orderview
 *   Answer<"/api/order/orderlist", "post">      the 200 body of POST /api/order/orderlist
 *   Body<"/api/order/cancelorder">              the JSON body of POST /api/order/cancelorder
 *   Query<"/api/order/claimlist">               the query of GET /api/order/claimlist
 *   RowOf<"/api/v2/mails">                      one row of the REST list GET /api/v2/mails (a JSON array)
 *   Body<"/api/v2/mails/{id}", "patch">         the JSON body of PATCH /api/v2/mails/{id}
 */
import type { paths } from "./schema";

export type { paths };
export type Path = keyof paths;
type Method = "get" | "post" | "put" | "patch" | "delete";
/** The operation, or never when the path has no such method (`[...]` keeps never from matching every shape). */
type Op<P extends Path, M extends Method> = NonNullable<paths[P][M]>;
type Has<P extends Path, M extends Method> = [Op<P, M>] extends [never] ? false : true;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;

/** The JSON body a route answers with (200, or 201 for REST creates). */
export type Answer<P extends Path, M extends Method = "get"> =
  Has<P, M> extends false
    ? never
    : Op<P, M> extends { responses: infer R }
      ? R extends { 200: infer A }
        ? JsonOf<A>
        : R extends { 201: infer A }
          ? JsonOf<A>
          : never
      : never;

/** A write that also takes a multipart upload (a file with its fields) is sent a FormData. */
export type Upload<P extends Path, M extends Method = "post"> =
  Has<P, M> extends false
    ? never
    : Op<P, M> extends { requestBody?: { content: { "multipart/form-data": unknown } } }
      ? FormData
      : never;

/** The JSON request body of a write. */
export type Body<P extends Path, M extends Method = "post"> =
  Has<P, M> extends false ? never : Op<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The query string a read takes. */
export type Query<P extends Path, M extends Method = "get"> =
  Has<P, M> extends false ? never : Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The `data` of a `{ data }` answer. */
export type DataOf<P extends Path, M extends Method = "get"> = Answer<P, M> extends { data: infer D } ? D : never;
/** One row of an `{ items, total, maxpage }` answer. */
export type ItemOf<P extends Path, M extends Method = "get"> = Answer<P, M> extends { items: (infer I)[] } ? I : never;
/** One row of a REST list under `/api/v2/` (a JSON array, total in `x-total-count`). */
export type RowOf<P extends Path, M extends Method = "get"> = Answer<P, M> extends readonly (infer R)[] ? R : never;

/** What a list takes: its query (GET) or its JSON body (a read sent as POST). */
export type ListParams<P extends Path> = Has<P, "get"> extends false ? Body<P> : Query<P>;
