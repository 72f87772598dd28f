import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { settings as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const settings = {
  ...api,
  pages: {
    "setting-shipping": {
      list: page(() => import("./ShippingSettings").then((m) => m.ShippingSettings)),
    },
  },
  resources: screensOf("settings"),
} satisfies ResourceModule;

export default settings;
