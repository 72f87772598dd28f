import type { ResourceEndpoints } from "../../resources/types";
import { action, byId, pagedList, write } from "../../resources/endpoints";

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
} satisfies ResourceEndpoints;

export default notifications;
