import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after 1 s by default; a screen rendered in jsdom on two cores busy with the server project
// (or on a slower machine) can take longer than that to answer its first read. A passing test never waits the full time.
configure({ asyncUtilTimeout: 5_000 });

// antd's responsive hooks and Select need browser APIs jsdom lacks.
function mediaMatches(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    // Media queries answer as a desktop window of jsdom's width (1024 px): min/max-width compare with it.
    value: (query: string) => ({
      matches: mediaMatches(query, window.innerWidth),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!("ResizeObserver" in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserver });
}
afterEach(() => {
  cleanup();
  localStorage.clear();
});
