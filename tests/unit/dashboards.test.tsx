import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, useLocation } from "react-router";
import dayjs from "dayjs";
import { resources } from "../../src/resources";

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import { createDataProvider } from "../../src/providers/data";
import { toApiError } from "../../src/providers/http-shared";
import { dashboard } from "../../src/features/dashboard/resource";
import { AnalyticsView, type Analytics } from "../../src/features/dashboard/AnalyticsView";
import { OverviewView, type Overview } from "../../src/features/dashboard/OverviewView";
import { keysOnlyI18n, noSavedViews } from "./helpers";

keysOnlyI18n();

const totals = (visitors: number, orders: number, revenue: number) => ({
  visits: visitors * 2,
  visitors,
  orders,
  cancelled: 1,
  revenue,
  conversion: visitors ? orders / visitors : null,
  averageOrderValue: orders > 1 ? revenue / (orders - 1) : null,
});
const ANALYTICS: Analytics = {
  range: { from: "2026-10-27", to: "2026-11-25", days: 30 },
  previous: { from: "2026-09-27", to: "2026-10-26", days: 30 },
  totals: {
    current: totals(4000, 200, 123456.5),
    previous: totals(4000, 160, 100000),
    delta: { visitors: 0.25, orders: 0.25, revenue: 0.2346, conversion: 0, averageOrderValue: -0.0123 },
  },
  channels: [
    {
      channel: "web",
      current: totals(3000, 140, 100000),
      previous: totals(2000, 100, 80000),
      delta: { visitors: 0.5, orders: 0.5, revenue: 0.25, conversion: 0, averageOrderValue: null },
    },
    {
      channel: "line",
      current: totals(1000, 60, 23456.5),
      previous: totals(0, 0, 0),
      delta: { visitors: null, orders: null, revenue: null, conversion: null, averageOrderValue: null },
    },
  ],
  daily: [],
};
const OVERVIEW: Overview = {
  range: ANALYTICS.range,
  previous: ANALYTICS.previous,
  totals: {
    current: { orders: 200, cancelled: 4, items: 512, revenue: 98765.43, averageOrderValue: 503.9 },
    previous: { orders: 0, cancelled: 0, items: 0, revenue: 0, averageOrderValue: null },
    delta: { orders: null, revenue: null, items: null, averageOrderValue: null },
  },
  trend: [],
  byStatus: [
    { status: "completed", orders: 120 },
    { status: "cancelled", orders: 4 },
  ],
  topProducts: [
    {
      productId: 41,
      code: "LMP-0041",
      name: "Ceiling lamp",
      shopId: 1,
      shopName: "HomePro Lighting",
      units: 37,
      revenue: 18500,
    },
  ],
  topShops: [{ shopId: 1, name: "HomePro Lighting", orders: 90, revenue: 54321 }],
  pending: {
    products: { pending: 6, resubmitted: 2 },
    slips: { pending: 3 },
    claims: { filed: 4, reviewing: 1, approved: 0 },
  },
};

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

function renderAt(url: string, view: "analytics" | "overview") {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Refine
        dataProvider={{ default: createDataProvider([dashboard]), rest: noSavedViews }}
        routerProvider={routerProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        {view === "analytics" ? <AnalyticsView /> : <OverviewView />}
        <Where />
      </Refine>
    </MemoryRouter>,
  );
}

const lastCall = () => http.get.mock.calls[http.get.mock.calls.length - 1];

beforeEach(() => {
  http.get.mockImplementation(async (path: string) => (path === "/api/v2/analytics" ? ANALYTICS : OVERVIEW));
});
afterEach(() => vi.clearAllMocks());

// antd and Refine take a few seconds to render the first time on a loaded machine.
describe("analytics (/admin/two)", { timeout: 20_000 }, () => {
  it("asks for the last 30 days by default and shows the totals, their change and the channels", async () => {
    renderAt("/admin/two", "analytics");
    expect(await screen.findByText("฿123,456.50")).toBeInTheDocument();
    const today = dayjs();
    expect(http.get).toHaveBeenCalledWith("/api/v2/analytics", {
      from: today.subtract(29, "day").format("YYYY-MM-DD"),
      to: today.format("YYYY-MM-DD"),
    });
    expect(screen.getByText("4,000")).toBeInTheDocument();
    expect(screen.getByText("5%")).toBeInTheDocument(); // conversion 200 / 4,000
    expect(screen.getAllByLabelText("dashboards.deltaUp").length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText("dashboards.deltaDown").length).toBe(1);
    const table = screen.getByRole("table");
    expect(within(table).getByText("web")).toBeInTheDocument(); // the channel's name (the code without translations)
    expect(within(table).getByText("฿23,456.50")).toBeInTheDocument();
    // A channel with nothing before says so rather than showing a made-up change.
    expect(within(table).getByText("dashboards.noComparison")).toBeInTheDocument();
  });

  it("reads the range from the URL and writes a preset back to it", async () => {
    renderAt("/admin/two?from=2026-01-01&to=2026-01-31", "analytics");
    await screen.findByText("฿123,456.50");
    expect(http.get).toHaveBeenCalledWith("/api/v2/analytics", { from: "2026-01-01", to: "2026-01-31" });
    const start = screen.getAllByRole("textbox")[0];
    fireEvent.mouseDown(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText("dashboards.range.last7", {}, { timeout: 5000 }));
    const today = dayjs();
    const from = today.subtract(6, "day").format("YYYY-MM-DD");
    await waitFor(() => expect(lastCall()).toEqual(["/api/v2/analytics", { from, to: today.format("YYYY-MM-DD") }]));
    expect(screen.getByTestId("location")).toHaveTextContent(
      `/admin/two?from=${from}&to=${today.format("YYYY-MM-DD")}`,
    );
  });

  it("takes a malformed or reversed range in the URL as the default one", async () => {
    renderAt("/admin/two?from=2026-02-30&to=2026-01-31", "analytics");
    await screen.findByText("฿123,456.50");
    expect(lastCall()[1]).toEqual({
      from: dayjs().subtract(29, "day").format("YYYY-MM-DD"),
      to: dayjs().format("YYYY-MM-DD"),
    });
  });

  it("shows the server's words when the figures fail, and tries again", async () => {
    http.get.mockRejectedValueOnce(
      toApiError(400, { message: "The range may span at most two years", errors: { to: "too long" } }),
    );
    renderAt("/admin/two", "analytics");
    expect(await screen.findByText("The range may span at most two years")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "dashboards.retry" }));
    expect(await screen.findByText("฿123,456.50")).toBeInTheDocument();
  });
});

describe("e-commerce overview (/admin/three)", { timeout: 20_000 }, () => {
  it("links each waiting queue to its list with the matching filter", async () => {
    renderAt("/admin/three", "overview");
    const approve = await screen.findByRole("link", { name: /product\.status\.pending/ });
    expect(within(approve).getByText("6")).toBeInTheDocument();
    const filter = (v: string) => `filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=${v}`;
    expect(approve).toHaveAttribute("href", `/admin/product/listproductapprove?${filter("pending")}`);
    expect(screen.getByRole("link", { name: /product\.status\.resubmitted/ })).toHaveAttribute(
      "href",
      `/admin/product/listproductapprove?${filter("resubmitted")}`,
    );
    expect(screen.getByRole("link", { name: /orders\.slipStatus\.pending/ })).toHaveAttribute(
      "href",
      `/admin/orders/listslip?${filter("pending")}`,
    );
    const filed = screen.getByRole("link", { name: /orders\.claimStatus\.filed/ });
    expect(filed).toHaveAttribute("href", `/admin/orders/productclaim?${filter("filed")}`);
    fireEvent.click(filed);
    expect(screen.getByTestId("location")).toHaveTextContent(`/admin/orders/productclaim?${filter("filed")}`);
  });

  it("shows totals, orders by status and the top products and shops", async () => {
    renderAt("/admin/three?from=2026-11-01&to=2026-11-25", "overview");
    expect(await screen.findByText("฿98,765.43")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/v2/ecommerce-overview", { from: "2026-11-01", to: "2026-11-25" });
    expect(screen.getByText("512")).toBeInTheDocument();
    // Nothing in the range before: no change is claimed.
    expect(screen.getAllByText("dashboards.noComparison")).toHaveLength(4);
    const statuses = within(screen.getByRole("list", { name: "dashboards.overview.byStatus" })).getAllByRole(
      "listitem",
    );
    expect(statuses.map((li) => li.textContent)).toEqual(["completed120", "cancelled4"]);
    expect(screen.getByRole("link", { name: "Ceiling lamp" })).toHaveAttribute("href", "/admin/product/41");
    expect(screen.getByText("฿54,321.00")).toBeInTheDocument();
  });

  it("says the figures failed without showing stale ones", async () => {
    http.get.mockRejectedValue(toApiError(503, { message: "Database is busy" }));
    renderAt("/admin/three", "overview");
    expect(await screen.findByText("Database is busy")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /product\.status\.pending/ })).toBeNull();
  });
});
