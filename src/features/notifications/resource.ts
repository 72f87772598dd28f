import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { notifications as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const notifications = {
  ...api,
  pages: {
    "promotion-notify": { list: page(() => import("./MessageList").then((m) => m.MessageList)) },
  },
  resources: screensOf("notifications"),
} satisfies ResourceModule;

export default notifications;
