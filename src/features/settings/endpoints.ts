import type { ResourceEndpoints } from "../../resources/types";
import { action, pagedList } from "../../resources/endpoints";

const S = "/api/setting";
const M = "/api/masterdata";

/**
 * Shipping rates (legacy `shippingrate`, `createshippingrate`), config control (`configcontrol`) and
 * the REST additions read through the `rest` provider: the zones (also the generated zones screen's), settings
 * changes (docs/api/settings.md).
 */
export const settings = {
  name: "settings",
  endpoints: {
    list: pagedList(`${S}/shippingrate`, { filters: ["zone", "transportType", "active"] }),
    actions: {
      saveRate: action(`${S}/createshippingrate`),
      configcontrol: action(`${S}/configcontrol`, "GET"),
      transportTypes: action(`${M}/mastertransporttype`, "GET"),
      provinces: action(`${M}/masterprovince`, "GET"),
    },
  },
} satisfies ResourceEndpoints;

export default settings;
