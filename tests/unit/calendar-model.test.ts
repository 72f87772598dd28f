import { describe, expect, it } from "vitest";
import { KINDS, windowEvent, type MarketingWindow } from "../../src/features/calendar/model";

const draftTitle = (title: string) => `Draft: ${title}`;
const window = (over: Partial<MarketingWindow>): MarketingWindow => ({
  id: "campaign-1",
  kind: "campaign",
  title: "Year-end sale",
  startsAt: "2026-12-03T03:00:00.000Z",
  endsAt: "2026-12-31T03:00:00.000Z",
  timezone: "Asia/Bangkok",
  draft: false,
  link: "/admin/campaign/1",
  ...over,
});

describe("marketing windows on the calendar", () => {
  it("draws a draft campaign dotted under a title that says so; a live one as it is", () => {
    const draft = windowEvent(window({ draft: true }), "2027-01-01T00:00:00", draftTitle);
    expect(draft.title).toBe("Draft: Year-end sale");
    expect(draft.classNames).toEqual(["calendar-window", "calendar-kind-campaign", "calendar-draft"]);
    const live = windowEvent(window({}), "2027-01-01T00:00:00", draftTitle);
    expect(live.title).toBe("Year-end sale");
    expect(live.classNames).not.toContain("calendar-draft");
  });

  it("draws a home sale of days as a bar over its days in its own zone, and lists it in the legend", () => {
    const sale = windowEvent(
      window({ id: "homesale-4", kind: "homesale", title: "Rainy deals", endsAt: "2026-12-05T16:59:00.000Z" }),
      "2027-01-01T00:00:00",
      draftTitle,
    );
    expect(sale).toMatchObject({ allDay: true, start: "2026-12-03", end: "2026-12-06", editable: false });
    expect(sale.classNames).toContain("calendar-kind-homesale");
    expect(KINDS).toContain("homesale");
  });
});
