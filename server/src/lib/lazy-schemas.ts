/**
 * Route schemas compiled on a route's first use instead of at start. The ~370 routes' request validators (ajv)
 * and closed answer serializers (fast-json-stringify) are generated code: compiling them all took most of a
 * start, and a process rarely calls every route. `compileAllSchemas(app)` compiles whatever is still waiting,
 * so a test can still prove that every schema compiles (an eager start would have refused to start).
 */
import type { FastifyInstance } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Compiled = ((...args: never[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** Per app: the compilations not done yet. */
const waiting = new WeakMap<FastifyInstance, Set<() => unknown>>();

/** A function that compiles `make()` on its first call and then calls through; validators keep ajv's `errors`. */
export function deferCompile<F extends Compiled>(app: FastifyInstance, make: () => F): F {
  let pending = waiting.get(app);
  if (!pending) waiting.set(app, (pending = new Set()));
  let fn: F | undefined;
  const get = (): F => {
    if (!fn) {
      fn = make();
      pending.delete(get);
    }
    return fn;
  };
  pending.add(get);
  const call = ((...args: never[]) => {
    const f = get();
    const result = f(...args);
    if ('errors' in f) call.errors = f.errors;
    return result;
  }) as F;
  // Fastify hands ajv the request as the root's parent (so a root value can be coerced) when the function has a schemaEnv.
  Object.defineProperty(call, 'schemaEnv', { get: () => get().schemaEnv });
  return call;
}

/**
 * Answers serialized by fast-json-stringify, as Fastify does by default, each route's serializer compiled on first
 * use from its response schema as `shape` gives it (e.g. closed: a route registers faster when that too waits).
 */
export function deferSerializers(app: FastifyInstance, shape: <T>(schema: T) => T = (schema) => schema): void {
  // No shared schemas (app.addSchema) in this server: the factory needs none.
  const compile = SerializerSelector()();
  type Route = Parameters<typeof compile>[0];
  app.setSerializerCompiler((route) =>
    deferCompile(app, () => compile({ ...(route as Route), schema: shape((route as Route).schema) })),
  );
}

/** Compiles every deferred schema of `app` now; throws the first that does not compile. */
export function compileAllSchemas(app: FastifyInstance): void {
  for (const get of [...(waiting.get(app) ?? [])]) get();
}
