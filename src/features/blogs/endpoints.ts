import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, byId, pagedList, write } from "../../resources/endpoints";

type BlogBase = "/api/blogs/master" | "/api/blogs/housebrand";

/**
 * One blog's endpoint map: the same verbs in each family's folder (server/src/modules/blogs/family.ts),
 * the catalogue naming create and edit differently in each.
 */
function blogEndpoints(base: BlogBase, names: { create: string; update: string }) {
  return {
    list: pagedList(`${base}/posts`, { filters: ["search", "type", "status", "shopId"], contains: ["search"] }),
    one: byId(`${base}/post`),
    create: write(`${base}/${names.create}`, "create"),
    update: write(`${base}/${names.update}`),
    remove: write(`${base}/deletecontent`, "remove"),
    actions: {
      close: action(`${base}/closecontent`),
      menu: action(`${base}/menu`, "GET"),
      products: action(`${base}/product`, "GET"),
      sortProducts: action(`${base}/sortproductidea`),
      removeProduct: action(`${base}/deleteproductidea`),
    },
  } satisfies EndpointMap;
}

/** The master blog: every shop in the caller's reach (admin and supplier screens). */
export const MASTER_ENDPOINTS = blogEndpoints("/api/blogs/master", { create: "new", update: "edit" });
/** The house-brand blog: house brands' posts only; its form picks among the house brands. */
const housebrandBase = blogEndpoints("/api/blogs/housebrand", { create: "newpost", update: "postedit" });
export const HOUSEBRAND_ENDPOINTS = {
  ...housebrandBase,
  actions: { ...housebrandBase.actions, shops: action("/api/housebrand/shopmaster", "GET") },
} satisfies EndpointMap;

export const blog = {
  name: "blog",
  endpoints: MASTER_ENDPOINTS,
  resourceEndpoints: { "housebrand-blog": HOUSEBRAND_ENDPOINTS },
} satisfies ResourceEndpoints;

export default blog;
