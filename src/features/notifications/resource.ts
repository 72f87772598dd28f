import type { ResourceModule } from "../../resources/types";
import { action, byId, pagedList, write } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * Push-style notifications (docs/api/notifications.md): the admin screen composes, lists and cancels
 * messages; every signed-in user reads their own in the header's bell (`inbox`, `read`). Cancelling and
 * the audience picker are REST under /api/v2 (`notification-messages`, `notification-audiences`).
 */
export const notifications = {
  name: "notifications",
  endpoints: {
    list: pagedList("/api/notify/getmessagenotifylist", {
      filters: ["search", "status", "audience", "category"],
      contains: ["search"],
    }),
    one: byId("/api/promotion/notification"),
    create: write("/api/notify/createmessage", "create"),
    actions: {
      categories: action("/api/promotion/masternotify", "GET"),
      inbox: action("/api/notify/getmessagenotify", "GET"),
      read: action("/api/notify/readmessage"),
    },
  },
  pages: {
    "promotion-notify": { list: page(() => import("./MessageList").then((m) => m.MessageList)) },
  },
  resources: screensOf("notifications"),
} satisfies ResourceModule;

export default notifications;
