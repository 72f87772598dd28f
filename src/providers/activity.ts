import type { DataProvider } from "@refinedev/core";

/**
 * What a route change is waiting for: lazy page chunks (a Suspense fallback is showing) and API
 * calls in flight. The route progress bar reads it.
 */
let chunks = 0;
let calls = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const activity = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  busy: () => chunks + calls > 0,
  chunkStarted() {
    chunks += 1;
    notify();
  },
  chunkEnded() {
    chunks -= 1;
    notify();
  },
  callStarted() {
    calls += 1;
    notify();
  },
  callEnded() {
    calls -= 1;
    notify();
  },
};

/**
 * Marks a call as the shell's own background reading (the bell's polling and refetch on focus): it is
 * no route change's work, so it never shows the progress bar.
 */
export const BACKGROUND = { background: true } as const;

const isBackground = (params: unknown) =>
  (params as { meta?: { background?: unknown } } | undefined)?.meta?.background === true;

/** The same data provider, counting its in-flight calls (not those marked BACKGROUND). */
export function trackCalls(provider: DataProvider): DataProvider {
  const tracked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(provider)) {
    tracked[name] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            const result: unknown = (value as (...a: unknown[]) => unknown).apply(provider, args);
            if (result instanceof Promise && !isBackground(args[0])) {
              activity.callStarted();
              result.then(activity.callEnded, activity.callEnded);
            }
            return result;
          }
        : value;
  }
  return tracked as unknown as DataProvider;
}
