import { matchPath } from "react-router";
import { canOpen } from "./providers/access-control";
import { dataProvider } from "./providers/data";
import { prefetch } from "./providers/http";
import { grantedPaths, readNavConfig, readUser } from "./providers/session-store";
import { pages, resourceKey, resources, routeTable } from "./resources";

/**
 * The route loader: on a signed-in page load, main.tsx starts this chunk together with Refine and the
 * shell; it starts the page's own chunk and the page's first reads at once, so neither waits for the
 * shell to render (a chain of lazy chunks, one round trip each, was most of a reload's time). Answers when the
 * page's chunk has loaded.
 */
export function preloadRoute(pathname: string, search: string): Promise<unknown> {
  const entry = routeTable(resources).find(
    (e) => e.action !== "redirect" && e.resource.meta.built && matchPath(e.path, pathname),
  );
  if (!entry || entry.action === "redirect") return Promise.resolve();
  // A screen the user may not open gets the 403 page (Guard): nothing to load or read for it.
  const role = readUser()?.role;
  if (!canOpen(entry.resource.meta, grantedPaths(readNavConfig(), role), role)) return Promise.resolve();
  const page = pages[resourceKey(entry.resource)]?.[entry.action];
  if (!page) return Promise.resolve();
  const code = page.preload();

  const reads = page.reads;
  // Filters, sorting or another page in the address: the table asks for something else than page 1.
  if (reads?.list && opensAsIs(search, reads.list.pageSize ?? 20, reads.list.sorters ?? [])) {
    const { resource, pageSize = 20, sorters = [] } = reads.list;
    prefetch(() =>
      dataProvider.getList({
        resource,
        pagination: { currentPage: 1, pageSize, mode: "server" },
        filters: [],
        sorters,
      }),
    );
  }
  for (const { resource, action } of reads?.actions ?? []) {
    prefetch(() => dataProvider.custom!({ url: "", method: "get", meta: { resource, action } }));
  }
  return code;
}

/**
 * A list address the table reads as it opens: nothing, or only what the table writes back into the address once it
 * has opened (page 1 of its default size, its initial sorting), so a reload of an untouched list reads ahead too.
 */
function opensAsIs(search: string, pageSize: number, sorters: { field: string; order: string }[]): boolean {
  const defaults: Record<string, string> = { currentPage: "1", pageSize: String(pageSize) };
  sorters.forEach((s, i) =>
    Object.assign(defaults, { [`sorters[${i}][field]`]: s.field, [`sorters[${i}][order]`]: s.order }),
  );
  return [...new URLSearchParams(search)].every(([key, value]) => defaults[key] === value);
}
