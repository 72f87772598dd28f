import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { App as AntApp } from "antd";
import type { Screen } from "../../contract/screens";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { toResource } from "../../src/resources/define";
import { GeneratedForm } from "../../src/components/kit/generated/GeneratedForm";
import { GeneratedList } from "../../src/components/kit/generated/GeneratedList";
import { GeneratedShow } from "../../src/components/kit/generated/GeneratedShow";
import { keysOnlyI18n, mockHttp, type Recorded } from "./helpers";

/**
 * The generated screens on a resource with every kind of field the form knows (text, state, yes/no, a
 * reference, a date, money) and every verb, over the real `rest` data provider; the HTTP layer answers
 * like restResource. The resource and its row are this test's own (the product's are in generated-screens).
 */
const GADGET_SCREEN: Screen = vi.hoisted(() => ({
  id: "gadgets",
  name: "gadgets",
  feature: "gadgets",
  area: "admin",
  section: { path: "/admin/gadgets", group: "nav.app", title: "nav.gadgets", sort: 1, grants: ["admin"] },
  label: "Gadgets",
  built: true,
  routes: {
    list: "/admin/gadgets",
    create: "/admin/gadgets/create",
    show: "/admin/gadgets/:id",
    edit: "/admin/gadgets/:id/edit",
  },
  endpoints: ["/api/v2/gadgets"],
  generated: { resource: "gadgets" },
}));

vi.mock("../../contract/screens", async (original) => {
  const m = await original<typeof import("../../contract/screens")>();
  return { ...m, SCREENS: [...m.SCREENS, GADGET_SCREEN] };
});
vi.mock("../../src/api/resources", () => {
  const name = { type: "string", minLength: 1, maxLength: 40, title: "Name" };
  const kind = { type: "string", enum: ["lamp", "fan"], title: "Kind" };
  const active = { type: "boolean", title: "Active" };
  const brandId = { type: "integer", minimum: 1, title: "Brand" };
  const startsOn = { type: "string", format: "date", title: "Starts on", nullable: true };
  const price = { type: "number", minimum: 0, multipleOf: 0.01, title: "Price" };
  return {
    REST_RESOURCES: {
      gadgets: {
        fields: { id: { type: "integer" }, name, kind, active, brandId, startsOn, price },
        create: { properties: { name, kind, active, brandId, startsOn, price }, required: ["name", "kind", "brandId"] },
        update: { properties: { name, kind, active, brandId, startsOn, price } },
        filters: { name: ["like"], kind: ["eq"] },
        sort: ["id", "name"],
        refs: { brandId: "brands" },
        verbs: ["list", "get", "create", "update", "delete"],
      },
    },
  };
});

let http: ReturnType<typeof mockHttp>;
let gadgets: Record<string, unknown>[];
let refuseName: string | undefined;

function server(req: Recorded): { status: number; data?: unknown; headers?: Record<string, string> } {
  const path = req.url.split("?")[0];
  const one = /^\/api\/v2\/gadgets\/(\d+)$/.exec(path);
  if (req.method === "GET" && path === "/api/v2/brands")
    return { status: 200, data: [{ id: 7, name: "Acme" }], headers: { "x-total-count": "1" } };
  if (req.method === "GET" && path === "/api/v2/saved-views")
    return { status: 200, data: [], headers: { "x-total-count": "0" } };
  if (req.method === "GET" && path === "/api/v2/gadgets")
    return { status: 200, data: gadgets, headers: { "x-total-count": String(gadgets.length) } };
  if (req.method === "GET" && one) {
    const g = gadgets.find((x) => x.id === Number(one[1]));
    return g ? { status: 200, data: g } : { status: 404, data: { status: 404, message: "Gadget not found" } };
  }
  if (req.method === "POST" && path === "/api/v2/gadgets") {
    const body = req.data as Record<string, unknown>;
    if (body.name === refuseName)
      return {
        status: 400,
        data: { status: 400, message: "Bad input", errors: [{ field: "name", message: "This name is taken" }] },
      };
    const made = { id: 3, active: false, startsOn: null, price: 0, ...body };
    gadgets.push(made);
    return { status: 201, data: made };
  }
  if (req.method === "DELETE" && one) {
    const g = gadgets.find((x) => x.id === Number(one[1]))!;
    gadgets = gadgets.filter((x) => x !== g);
    return { status: 200, data: g };
  }
  return { status: 500, data: { status: 500, message: `unexpected ${req.method} ${req.url}` } };
}

beforeEach(() => {
  keysOnlyI18n();
  gadgets = [
    { id: 1, name: "Desk lamp", kind: "lamp", active: true, brandId: 7, startsOn: null, price: 120.5 },
    { id: 2, name: "Ceiling fan", kind: "fan", active: false, brandId: 7, startsOn: "2026-05-01", price: 900 },
  ];
  refuseName = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: restDataProvider, rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={[toResource(GADGET_SCREEN)]}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/gadgets" element={<GeneratedList screen="gadgets" />} />
            <Route path="/admin/gadgets/create" element={<GeneratedForm screen="gadgets" />} />
            <Route path="/admin/gadgets/:id" element={<ShowRoute />} />
            <Route path="/admin/gadgets/:id/edit" element={<GeneratedForm screen="gadgets" id="1" />} />
          </Routes>
          <Where />
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}
function ShowRoute() {
  const id = useLocation().pathname.split("/").pop()!;
  return <GeneratedShow screen="gadgets" id={id} />;
}

const posts = () => http.calls.filter((c) => c.method === "POST");

describe("a generated form", () => {
  it("asks for the required fields before sending, then sends the body the resource takes", async () => {
    renderAt("/admin/gadgets/create");
    const save = await screen.findByRole("button", { name: /buttons.save|Save/ });
    fireEvent.click(save);
    const item = (label: string) =>
      screen.getByText(label, { selector: "label" }).closest(".ant-form-item") as HTMLElement;
    await waitFor(() => expect(item("Name").querySelector(".ant-form-item-explain-error")).not.toBeNull());
    expect(item("Kind").querySelector(".ant-form-item-explain-error")).not.toBeNull();
    expect(item("Brand").querySelector(".ant-form-item-explain-error")).not.toBeNull();
    expect(posts()).toEqual([]);

    fireEvent.change(within(item("Name")).getByRole("textbox"), { target: { value: "Floor lamp" } });
    fireEvent.mouseDown(within(item("Kind")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("lamp"));
    // The reference is a searchable select of the referenced resource's rows, by name.
    fireEvent.mouseDown(within(item("Brand")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Acme"));
    fireEvent.click(within(item("Active")).getByRole("switch"));
    fireEvent.change(within(item("Price")).getByRole("spinbutton"), { target: { value: "15.5" } });

    refuseName = "Floor lamp";
    fireEvent.click(save);
    await waitFor(() => expect(posts()).toHaveLength(1));
    // The server's field error lands on its field.
    await waitFor(() => expect(within(item("Name")).getByText("This name is taken")).toBeInTheDocument());
    expect(posts()[0].data).toMatchObject({ name: "Floor lamp", kind: "lamp", brandId: 7, active: true, price: 15.5 });

    refuseName = undefined;
    fireEvent.click(save);
    // Saved: the new record's page.
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin/gadgets/3"));
    expect(posts()).toHaveLength(2);
  }, 60_000);

  it("shows a record with its values, and a missing one as the not-found page", async () => {
    const { unmount } = renderAt("/admin/gadgets/2");
    expect(await screen.findByText("Ceiling fan")).toBeInTheDocument();
    expect(screen.getByText("fan")).toBeInTheDocument();
    expect(screen.getByText("kit.generated.no")).toBeInTheDocument();
    unmount();
    renderAt("/admin/gadgets/99");
    expect(await screen.findByText("errors.recordNotFound")).toBeInTheDocument();
  });

  it("lists the rows and deletes one only after the confirmation", async () => {
    renderAt("/admin/gadgets");
    const row = (await screen.findByText("Desk lamp")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "buttons.delete" }));
    expect(http.calls.some((c) => c.method === "DELETE")).toBe(false);
    const confirm = await waitFor(() => document.querySelector(".ant-popconfirm") as HTMLElement);
    fireEvent.click(within(confirm).getByRole("button", { name: "buttons.delete" }));
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/v2/gadgets/1"]),
    );
    await waitFor(() => expect(screen.queryByText("Desk lamp")).toBeNull());
  }, 60_000);
});
