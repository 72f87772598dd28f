import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import homesaleStrings from "../../public/locales/en/homesale.json";
import oldfornewStrings from "../../public/locales/en/oldfornew.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { useNotificationProvider } from "../../src/providers/notification";
import { homesale } from "../../src/features/homesale/resource";
import { oldfornew } from "../../src/features/oldfornew/resource";
import { GroupList } from "../../src/features/homesale/GroupList";
import { CampaignList } from "../../src/features/oldfornew/CampaignList";
import type { GroupDetail } from "../../src/features/homesale/model";
import type { Campaign } from "../../src/features/oldfornew/model";
import { englishFrom, keysOnlyI18n, mockHttp, noSavedViews, type Recorded } from "./helpers";

/**
 * The home-sale and trade-in screens over the real data provider; the HTTP layer answers like the
 * server (tests/server/homesale.test.ts and oldfornew.test.ts cover that).
 */
const PR = "/api/promotion";
const link = (id: number, productId: number, name: string, price: number, position: number, active = true) => ({
  id,
  productId,
  code: `CAC-${productId}`,
  name,
  imageUrl: null,
  price,
  compareAtPrice: null,
  shopName: "CoolAir Climate Solutions",
  approvalStatus: "approved" as const,
  position,
  active,
});

let group: GroupDetail;
let campaign: Campaign;
let failNext: { match: RegExp; status: number; body: object } | undefined;
let http: ReturnType<typeof mockHttp>;

function server(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  if (failNext && failNext.match.test(`${req.method} ${path}`)) {
    const { status, body } = failNext;
    failNext = undefined;
    return { status, data: body };
  }
  const body = req.data as Record<string, any>;
  const copy = <T,>(x: T): T => JSON.parse(JSON.stringify(x));
  switch (`${req.method} ${path}`) {
    case `GET ${PR}/mastergrouplist`:
      return {
        status: 200,
        data: {
          items: [
            { id: 1, code: "hot_deals", name: "Hot deals" },
            { id: 2, code: "best_price", name: "Best price" },
          ],
          total: 2,
          maxpage: 1,
        },
      };
    case `GET ${PR}/listhomesale`: {
      const { links, ...summary } = group;
      return {
        status: 200,
        data: {
          items: [
            copy({ ...summary, productCount: links.length, activeProductCount: links.filter((l) => l.active).length }),
          ],
          total: 1,
          maxpage: 1,
        },
      };
    }
    case `GET ${PR}/loadhomesale`:
      return { status: 200, data: { data: copy(group) } };
    case `POST ${PR}/setstatuslink`: {
      group.links.find((l) => l.id === body.linkId)!.active = body.active;
      group.version += 1;
      return {
        status: 200,
        data: {
          status: 200,
          message: "ok",
          data: { groupId: group.id, linkId: body.linkId, active: body.active, version: group.version },
        },
      };
    }
    case `POST ${PR}/deletelinkgroup`:
      group.links = group.links.filter((l) => l.id !== body.linkId).map((l, i) => ({ ...l, position: i }));
      group.version += 1;
      return { status: 200, data: { status: 200, message: "ok", data: { groupId: group.id, version: group.version } } };
    case `POST ${PR}/editpromotionhomesale`:
      Object.assign(group, { name: body.name ?? group.name, version: group.version + 1 });
      return { status: 200, data: { status: 200, message: "ok", data: copy(group) } };
    case "GET /api/product/productlist":
      return { status: 200, data: { items: [], total: 0, maxpage: 0 } };
    case `GET ${PR}/oldfornew`:
      return { status: 200, data: { items: [copy(campaign)], total: 1, maxpage: 1 } };
    case `POST ${PR}/editoldfornew`:
      return { status: 200, data: { status: 200, message: "ok", data: copy(campaign) } };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

beforeAll(() => {
  keysOnlyI18n().addResourceBundle("en", "translation", kitStrings, true, true);
});
beforeEach(() => {
  group = {
    id: 7,
    name: "Hot deals this week",
    groupType: "hot_deals",
    groupTypeName: "Hot deals",
    position: 0,
    active: true,
    startsAt: "2020-01-01T02:00:00.000Z",
    endsAt: null,
    timezone: "Asia/Bangkok",
    version: 4,
    productCount: 3,
    activeProductCount: 3,
    thumbnails: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    links: [
      link(71, 501, "Daikin Inverter 12,000 BTU", 19900, 0),
      link(72, 502, 'Hatari Stand Fan 16"', 890, 1),
      link(73, 503, "Sharp Air Purifier", 3990, 2),
    ],
  };
  campaign = {
    id: 9,
    name: "Trade in your old fan",
    discountType: "percent",
    discountValue: 10,
    startsAt: "2020-01-01T02:00:00.000Z",
    endsAt: null,
    timezone: "Asia/Bangkok",
    status: "active",
    createdBy: 1,
    createdByName: "Somchai Wattanakul",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T03:04:05.678Z",
    productCount: 2,
    products: [
      {
        id: 502,
        code: "CAC-502",
        name: 'Hatari Stand Fan 16"',
        imageUrl: null,
        shopName: "CoolAir Climate Solutions",
        approvalStatus: "approved",
        price: 890,
        tradeInPrice: 801,
      },
      {
        id: 501,
        code: "CAC-501",
        name: "Daikin Inverter 12,000 BTU",
        imageUrl: null,
        shopName: "CoolAir Climate Solutions",
        approvalStatus: "approved",
        price: 19900,
        tradeInPrice: 17910,
      },
    ],
  };
  failNext = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function renderScreen(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([homesale, oldfornew]), rest: noSavedViews }}
          routerProvider={routerProvider}
          resources={[...homesale.resources, ...oldfornew.resources]}
          i18nProvider={englishFrom({ ...homesaleStrings, ...oldfornewStrings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/promotion/homesale" element={<GroupList />} />
            <Route path="/admin/promotion/oldfornew" element={<CampaignList />} />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const posts = (path: RegExp) => http.calls.filter((c) => c.method === "POST" && path.test(c.url));
const loads = () => http.calls.filter((c) => c.method === "GET" && c.url.endsWith("/loadhomesale")).length;

describe("home sale", { timeout: 40_000 }, () => {
  async function openGroup() {
    renderScreen("/admin/promotion/homesale");
    fireEvent.click(await screen.findByRole("button", { name: "Hot deals this week" }));
    const drawer = await screen.findByRole("dialog");
    await within(drawer).findByRole("list", { name: "Products in the order shoppers see them" });
    return drawer;
  }

  it("lists a group with its type, state and products shown, and opens it with its products in order", async () => {
    renderScreen("/admin/promotion/homesale");
    const row = (await screen.findByRole("button", { name: "Hot deals this week" })).closest("tr")!;
    expect(within(row).getByText("Hot deals")).toBeInTheDocument();
    expect(within(row).getByText("Live")).toBeInTheDocument();
    expect(within(row).getByText("3 / 3")).toBeInTheDocument();
    const drawer = await openGroup();
    const order = within(drawer).getByRole("list", { name: "Products in the order shoppers see them" });
    expect(
      within(order)
        .getAllByTitle(/./)
        .map((e) => e.textContent),
    ).toEqual(["Daikin Inverter 12,000 BTU", 'Hatari Stand Fan 16"', "Sharp Air Purifier"]);
  });

  it("switches one product off and removes another, one request each, and reads the group again", async () => {
    const drawer = await openGroup();
    const before = loads();
    fireEvent.click(within(drawer).getByRole("switch", { name: 'Shown on the home page: Hatari Stand Fan 16"' }));
    await waitFor(() => expect(posts(/setstatuslink$/)).toHaveLength(1));
    expect(posts(/setstatuslink$/)[0].data).toEqual({ linkId: 72, active: false });
    await waitFor(() =>
      expect(
        within(drawer).getByRole("switch", { name: 'Shown on the home page: Hatari Stand Fan 16"' }),
      ).not.toBeChecked(),
    );
    expect(loads()).toBeGreaterThan(before);

    fireEvent.click(within(drawer).getByRole("button", { name: "Remove from the group: Sharp Air Purifier" }));
    await waitFor(() => expect(posts(/deletelinkgroup$/)).toHaveLength(1));
    expect(posts(/deletelinkgroup$/)[0].data).toEqual({ linkId: 73 });
    await waitFor(() => expect(within(drawer).queryByText("Sharp Air Purifier")).toBeNull());
    expect(await screen.findByText("Sharp Air Purifier removed")).toBeInTheDocument();
  });

  it("saves the details with the version read; a stale one is said so and the group read again", async () => {
    const drawer = await openGroup();
    fireEvent.change(within(drawer).getByLabelText("Group name"), { target: { value: "Weekend deals" } });
    failNext = {
      match: /editpromotionhomesale$/,
      status: 409,
      body: {
        status: 409,
        message: "This group changed meanwhile; reload it and make your change again.",
        errors: [{ field: "version", message: "stale" }],
      },
    };
    const before = loads();
    fireEvent.click(within(drawer).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(posts(/editpromotionhomesale$/)).toHaveLength(1));
    expect(posts(/editpromotionhomesale$/)[0].data).toMatchObject({
      id: 7,
      version: 4,
      name: "Weekend deals",
      groupType: "hot_deals",
      startsAt: "2020-01-01T02:00:00.000Z",
      endsAt: null,
      timezone: "Asia/Bangkok",
      active: true,
    });
    expect(
      await screen.findByText("Someone changed this group meanwhile; it was reloaded — make your change again"),
    ).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBeGreaterThan(before));

    fireEvent.click(within(drawer).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(posts(/editpromotionhomesale$/)).toHaveLength(2));
    expect(await screen.findByText("Group saved")).toBeInTheDocument();
  });
});

describe("trade-in", { timeout: 40_000 }, () => {
  it("refuses a fixed discount above the cheapest product's price before sending, then saves with the updatedAt read", async () => {
    renderScreen("/admin/promotion/oldfornew");
    fireEvent.click(await screen.findByRole("button", { name: "Trade in your old fan" }));
    const drawer = await screen.findByRole("dialog");
    fireEvent.click(within(drawer).getByRole("radio", { name: "Fixed amount" }));
    const amount = within(drawer).getByLabelText("Amount off the price");
    fireEvent.change(amount, { target: { value: "900" } });
    fireEvent.click(within(drawer).getByRole("button", { name: /Save/ }));
    expect(
      await within(drawer).findByText("The discount may not be more than the cheapest product's price, ฿890.00"),
    ).toBeInTheDocument();
    expect(posts(/editoldfornew$/)).toHaveLength(0);

    // Without the cheap fan, 900 is fine: the trade-in price shows beside the price, and the save names the updatedAt read.
    fireEvent.click(within(drawer).getByRole("button", { name: 'Remove from the campaign: Hatari Stand Fan 16"' }));
    fireEvent.click(within(drawer).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(posts(/editoldfornew$/)).toHaveLength(1));
    expect(posts(/editoldfornew$/)[0].data).toMatchObject({
      id: 9,
      updatedAt: "2026-01-02T03:04:05.678Z",
      discountType: "fixed",
      discountValue: 900,
      productIds: [501],
    });
    expect(await screen.findByText("Trade-in campaign saved")).toBeInTheDocument();
  });

  it("puts the server's words on the discount field when it refuses the amount", async () => {
    renderScreen("/admin/promotion/oldfornew");
    fireEvent.click(await screen.findByRole("button", { name: "Trade in your old fan" }));
    const drawer = await screen.findByRole("dialog");
    const message =
      "discountValue ฿500.00 is above the price of CAC-502 (฿450.00); a trade-in discount never exceeds the product's price";
    failNext = {
      match: /editoldfornew$/,
      status: 400,
      body: { status: 400, message, errors: [{ field: "discountValue", message }] },
    };
    fireEvent.click(within(drawer).getByRole("radio", { name: "Fixed amount" }));
    fireEvent.change(within(drawer).getByLabelText("Amount off the price"), { target: { value: "500" } });
    fireEvent.click(within(drawer).getByRole("button", { name: /Save/ }));
    expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
