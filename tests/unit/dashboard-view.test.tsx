import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { resources } from "../../src/resources";
import { MemoryRouter } from "react-router";

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("../../src/providers/http", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/providers/http")>()),
  get: http.get,
  post: http.post,
}));

import { createDataProvider } from "../../src/providers/data";
import { toApiError } from "../../src/providers/http-shared";
import { dashboard } from "../../src/features/dashboard/resource";
import { DashboardView } from "../../src/features/dashboard/DashboardView";
import { keysOnlyI18n, noSavedViews } from "./helpers";

keysOnlyI18n();

const FIGURES = {
  products: 124,
  productsOnline: 98,
  pendingApprovals: 7,
  orders: 268,
  ordersOpen: 12,
  revenue: 1234567.5,
  posts: 40,
  postsPublished: 31,
  ordersByMonth: [] as { month: string; orders: number; revenue: number }[],
};

function renderDashboard(area: "admin" | "supplier") {
  return render(
    <MemoryRouter>
      <Refine
        dataProvider={{ default: createDataProvider([dashboard]), rest: noSavedViews }}
        routerProvider={routerProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        <DashboardView area={area} />
      </Refine>
    </MemoryRouter>,
  );
}

const signedInAs = (shops: { id: number; name: string; status?: string }[]) =>
  localStorage.setItem(
    "users",
    JSON.stringify({ id: 3, username: "s", email: "s@x.th", firstName: "S", lastName: "K", role: "supplier", shops }),
  );

beforeEach(() => {
  localStorage.clear();
  http.get.mockResolvedValue({ data: FIGURES });
});
afterEach(() => vi.clearAllMocks());

describe("dashboard", () => {
  it("shows the figures, money as THB, and the chart's empty state when there are no orders yet", async () => {
    renderDashboard("admin");
    expect(await screen.findByText("฿1,234,567.50")).toBeInTheDocument();
    expect(screen.getByText("268")).toBeInTheDocument();
    expect(screen.getByText("dashboard.noOrders")).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith("/api/report/getReloadDashboard", {});
  });

  it("says the figures failed and tries again on Retry", async () => {
    http.get.mockRejectedValueOnce(toApiError(503, { message: "Database is busy" }));
    renderDashboard("admin");
    expect(await screen.findByText("Database is busy")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "common.retry" }));
    expect(await screen.findByText("฿1,234,567.50")).toBeInTheDocument();
  });

  it("tells a new supplier its shop awaits review, with a way to add the first product", async () => {
    signedInAs([{ id: 9, name: "Nok Shop", status: "pending" }]);
    renderDashboard("supplier");
    expect(await screen.findByText("dashboard.awaitingReviewTitle")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "dashboard.addFirstProduct" })).toHaveAttribute(
      "href",
      "/supplier/product/newproduct/create",
    );
  });

  it("says nothing of review to a supplier whose shop is active", async () => {
    signedInAs([{ id: 1, name: "HomePro Lighting", status: "active" }]);
    renderDashboard("supplier");
    await screen.findByText("฿1,234,567.50");
    await waitFor(() => expect(screen.queryByText("dashboard.awaitingReviewTitle")).toBeNull());
  });
});
