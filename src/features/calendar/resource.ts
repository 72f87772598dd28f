import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * The calendar app: each user's own events (`/api/v2/calendar-entries`) and, for staff, the marketing windows
 * (`/api/v2/calendar-events`), both read through the `rest` data provider. The calendar library loads with
 * the screen's own chunk, so no other page carries it.
 */
export const calendar = {
  name: "calendar",
  endpoints: {},
  pages: {
    calendar: { list: page(() => import("./CalendarScreen").then((m) => m.CalendarScreen), { screenId: "calendar" }) },
    "supplier-calendar": {
      list: page(() => import("./CalendarScreen").then((m) => m.CalendarScreen), { screenId: "supplier-calendar" }),
    },
  },
  resources: screensOf("calendar"),
} satisfies ResourceModule;

export default calendar;
