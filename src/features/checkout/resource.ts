import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { checkout as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const checkout = {
  ...api,
  pages: {
    checkout: { list: page(() => import("./CheckoutScreen").then((m) => m.CheckoutScreen)) },
  },
  resources: screensOf("checkout"),
} satisfies ResourceModule;

export default checkout;
