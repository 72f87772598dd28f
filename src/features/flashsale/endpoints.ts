import type { EndpointMap, ResourceEndpoints } from "../../resources/types";
import { action, pagedList } from "../../resources/endpoints";

const PR = "/api/promotion";

/** Flash sales (legacy promotion verbs): the list, the products a sale can be set for, set, close, the report. */
const endpoints = {
  list: pagedList(`${PR}/productflashsale`, {
    filters: ["status", "search", "id", "from", "to"],
    contains: ["search"],
    allValues: ["all"],
  }),
  actions: {
    products: action(`${PR}/listSelectProductFlashsale`, "GET"),
    set: action(`${PR}/setproductflashsale`),
    close: action(`${PR}/closeproductflashsale`),
    report: action(`${PR}/reportproductflashsale`, "GET"),
  },
} satisfies EndpointMap;

export const flashsale = {
  name: "promotion-flashsale",
  endpoints,
} satisfies ResourceEndpoints;

export default flashsale;
