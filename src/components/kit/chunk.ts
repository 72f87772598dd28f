import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** A lazily loaded component that can be asked to load ahead (`preload`) of its first render. */
export type Chunk<T extends ComponentType<any> = ComponentType> = LazyExoticComponent<T> & {
  preload(): Promise<unknown>;
};

/**
 * React.lazy for a chunk, except that a chunk already loaded (by `preload`, or an earlier render) renders at once
 * instead of suspending: a lazy component always suspends on its first render, and React then holds the content
 * back until 300 ms after its fallback appeared, which was a third of a reload's time. A failed load is asked for
 * again next time (a flaky network), not remembered.
 */
export function chunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): Chunk<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
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
    loaded ? ({ then: (done: (m: { default: T }) => void) => done(loaded!) } as Promise<{ default: T }>) : preload(),
  );
  return Object.assign(component, { preload });
}
