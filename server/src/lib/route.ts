/**
 * The one way a module declares its routes: `routesOf(app, base, opts).get/post(name, def, handler)`.
 * A def is either the short form (summary, query/body properties, required) that builds a closed,
 * documented schema, or `{ schema }` when a module's schemas.ts holds the whole Fastify schema.
 * Access is never declared here: the guard derives it from the table of screens.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
} from 'fastify';
import { closedObject, errorResponses, type multipartDoc } from './schemas.js';

export interface ShortDef {
  summary: string;
  description?: string;
  /** Not in the legacy catalogue: tagged `addition` and marked so in the OpenAPI document. */
  addition?: boolean;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  required?: string[];
  multipart?: ReturnType<typeof multipartDoc>;
  /** The 200 answer; the module's default for the method otherwise. Error answers are always added. */
  response?: unknown;
  config?: FastifyContextConfig;
}

export interface SchemaDef {
  schema: FastifySchema & Record<string, unknown>;
  config?: FastifyContextConfig;
}

export type RouteDef = ShortDef | SchemaDef;

type Handler<G extends RouteGenericInterface> = (req: FastifyRequest<G>, reply: FastifyReply) => Promise<unknown>;

export interface RoutesOptions {
  tags: string[];
  /** Default 200 answer of short-form routes, per method. */
  responses?: { GET?: unknown; POST?: unknown };
}

const ANY = { type: 'object', additionalProperties: true } as const;

function schemaOf(method: 'GET' | 'POST', d: ShortDef, opts: RoutesOptions): Record<string, unknown> {
  const schema: Record<string, unknown> = {
    tags: d.addition ? [...opts.tags, 'addition'] : opts.tags,
    summary: d.addition ? `${d.summary} (addition)` : d.summary,
    response: { 200: d.response ?? opts.responses?.[method] ?? ANY, ...errorResponses },
  };
  if (d.description) schema.description = d.description;
  if (d.addition) schema['x-addition'] = true;
  if (method === 'GET') schema.querystring = closedObject(d.query ?? {}, d.required ?? []);
  else if (d.multipart) Object.assign(schema, d.multipart);
  else schema.body = closedObject(d.body ?? {}, d.required ?? []);
  return schema;
}

export function routesOf(app: FastifyInstance, base: string, opts: RoutesOptions) {
  const add = <G extends RouteGenericInterface>(
    method: 'GET' | 'POST',
    name: string,
    def: RouteDef,
    handler: Handler<G>,
  ) => {
    const schema = 'schema' in def ? def.schema : schemaOf(method, def, opts);
    // Answers are checked by the response schema, not by the handler's type.
    app.route<G>({
      method,
      url: `${base}/${name}`,
      schema,
      ...(def.config ? { config: def.config } : {}),
      handler: handler as never,
    });
  };
  return {
    get: <G extends RouteGenericInterface = RouteGenericInterface>(name: string, def: RouteDef, handler: Handler<G>) =>
      add<G>('GET', name, def, handler),
    post: <G extends RouteGenericInterface = RouteGenericInterface>(name: string, def: RouteDef, handler: Handler<G>) =>
      add<G>('POST', name, def, handler),
  };
}
