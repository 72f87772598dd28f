import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A lazily loaded component that can be asked to load ahead (`preload`) of its first render. It takes no props:
 * a route's page binds its own (`page`).
 */
export type Chunk = LazyExoticComponent<ComponentType> & {
  preload(): Promise<unknown>;
};

type Module = { default: ComponentType };

/**
 * React.lazy for a chunk, except that a chunk already loaded (by `preload`, or an earlier render) renders at once
 * instead of suspending: a lazy component always suspends on its first render, and React then holds the content
 * back until 300 ms after its fallback appeared, which was a third of a reload's time. A failed load is asked for
 * again next time (a flaky network), not remembered.
 */
export function chunk(load: () => Promise<Module>): Chunk {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error) => {
        loading = undefined;
        throw error;
      },
    ));
  // A thenable that answers at once: React.lazy reads a module it is given synchronously.
  const component = lazy(() =>
    loaded ? ({ then: (done: (m: Module) => void) => done(loaded!) } as Promise<Module>) : preload(),
  );
  return Object.assign(component, { preload });
}
