import type { ResourceEndpoints } from "../../resources/types";
import { action, pagedList } from "../../resources/endpoints";

const PR = "/api/promotion";

/** Home-sale groups: the legacy promotion verbs, the group types, and the product list for the picker. */
export const homesale = {
  name: "homesale",
  endpoints: {
    list: pagedList(`${PR}/listhomesale`, {
      filters: ["search", "groupType", "status"],
      contains: ["search"],
      allValues: ["all"],
    }),
    actions: {
      load: action(`${PR}/loadhomesale`, "GET"),
      add: action(`${PR}/addpromotionhomesale`),
      edit: action(`${PR}/editpromotionhomesale`),
      removeLink: action(`${PR}/deletelinkgroup`),
      setStatus: action(`${PR}/setstatuslink`),
      groupTypes: action(`${PR}/mastergrouplist`, "GET"),
      products: action("/api/product/productlist", "GET"),
    },
  },
} satisfies ResourceEndpoints;

export default homesale;
