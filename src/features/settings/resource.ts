import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { action, pagedList } from "../../resources/endpoints";
import { page } from "../../components/kit/page";

const S = "/api/setting";
const M = "/api/masterdata";

/**
 * Shipping rates (legacy `shippingrate`, `createshippingrate`), config control (`configcontrol`) and
 * the REST additions read through the `rest` provider: zones, settings changes (docs/api/settings.md).
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
  pages: {
    "setting-shipping": {
      list: page(() => import("./ShippingSettings").then((m) => m.ShippingSettings)),
    },
  },
  resources: screensOf("settings"),
} satisfies ResourceModule;

export default settings;
