import type { ResourceEndpoints } from "../../resources/types";
import { action, pagedList } from "../../resources/endpoints";

const PR = "/api/promotion";

/** Trade-in campaigns: the legacy list and create, the edit and close additions, the product list for the picker. */
export const oldfornew = {
  name: "oldfornew",
  endpoints: {
    list: pagedList(`${PR}/oldfornew`, { filters: ["search", "status"], contains: ["search"], allValues: ["all"] }),
    actions: {
      create: action(`${PR}/createoldfornew`),
      edit: action(`${PR}/editoldfornew`),
      close: action(`${PR}/closeoldfornew`),
      products: action("/api/product/productlist", "GET"),
    },
  },
} satisfies ResourceEndpoints;

export default oldfornew;
