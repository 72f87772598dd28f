/**
 * Route schemas compiled on a route's first use instead of at start. The ~370 routes' request validators (ajv)
 * and closed answer serializers (fast-json-stringify) are generated code: compiling them all took most of a
 * start, and a process rarely calls every route. `compileAll()` compiles whatever is still waiting, so a test
 * can still prove that every schema compiles (an eager start would have refused to start).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Compiled = ((...args: never[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

export interface LazySchemas {
  /** A function that compiles `make()` on its first call and then calls through; validators keep ajv's `errors`. */
  defer<F extends Compiled>(make: () => F): F;
  /** Fastify's default serializer factory (fast-json-stringify), each route's serializer deferred. */
  buildSerializer: ReturnType<typeof SerializerSelector>;
  /** Compiles every deferred schema now; throws the first that does not compile. */
  compileAll(): void;
}

export function lazySchemas(): LazySchemas {
  const waiting = new Set<() => unknown>();
  const defer = <F extends Compiled>(make: () => F): F => {
    let fn: F | undefined;
    const get = (): F => {
      if (!fn) {
        fn = make();
        waiting.delete(get);
      }
      return fn;
    };
    waiting.add(get);
    const call = ((...args: never[]) => {
      const f = get();
      const result = f(...args);
      if ('errors' in f) call.errors = f.errors;
      return result;
    }) as F;
    // Fastify hands ajv the request as the root's parent (so a root value can be coerced) when the function has a schemaEnv.
    Object.defineProperty(call, 'schemaEnv', { get: () => get().schemaEnv });
    return call;
  };
  const eager = SerializerSelector();
  const buildSerializer: LazySchemas['buildSerializer'] = (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => defer(() => compile(route));
  };
  return {
    defer, buildSerializer,
    compileAll: () => { for (const get of [...waiting]) get(); },
  };
}
