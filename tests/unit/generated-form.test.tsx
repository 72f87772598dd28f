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
import type { Overrides } from "../../src/components/kit/generated/overrides";
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
  const rooms = { type: "array", items: { type: "string", enum: ["kitchen", "bath"] }, title: "Rooms" };
  const labels = { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 3, title: "Labels" };
  const pictureUrl = { type: "string", maxLength: 200, nullable: true, title: "Picture" };
  const body = { name, kind, active, brandId, startsOn, price, rooms, labels, pictureUrl };
  return {
    REST_RESOURCES: {
      gadgets: {
        fields: { id: { type: "integer" }, ...body },
        create: { properties: body, required: ["name", "kind", "brandId"] },
        update: { properties: body },
        filters: { name: ["like"], kind: ["eq"], price: ["gte", "lte"] },
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
  if (req.method === "GET" && path === "/api/v2/gadgets") {
    const q = new URLSearchParams(req.url.split("?")[1] ?? "");
    const start = Number(q.get("_start") ?? 0);
    const end = Number(q.get("_end") ?? gadgets.length);
    const rows = gadgets.filter(
      (g) =>
        (!q.has("price_gte") || (g.price as number) >= Number(q.get("price_gte"))) &&
        (!q.has("price_lte") || (g.price as number) <= Number(q.get("price_lte"))),
    );
    return { status: 200, data: rows.slice(start, end), headers: { "x-total-count": String(rows.length) } };
  }
  if (req.method === "GET" && one) {
    const g = gadgets.find((x) => x.id === Number(one[1]));
    return g ? { status: 200, data: g } : { status: 404, data: { status: 404, message: "Gadget not found" } };
  }
  if (req.method === "POST" && path === "/api/v2/storefront-images")
    return { status: 201, data: { url: "/uploads/image/0123456789abcdef0123456789abcdef.png", width: 8, height: 8 } };
  if (req.method === "POST" && path === "/api/v2/gadgets") {
    const body = req.data as Record<string, unknown>;
    if (body.name === refuseName)
      return {
        status: 400,
        data: { status: 400, message: "Bad input", errors: [{ field: "name", message: "This name is taken" }] },
      };
    const made = { id: 3, active: false, startsOn: null, price: 0, rooms: [], labels: [], ...body };
    gadgets.push(made);
    return { status: 201, data: made };
  }
  if (req.method === "PATCH" && one) {
    const g = gadgets.find((x) => x.id === Number(one[1]))!;
    Object.assign(g, req.data);
    return { status: 200, data: g };
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
    {
      id: 1,
      name: "Desk lamp",
      kind: "lamp",
      active: true,
      brandId: 7,
      startsOn: null,
      price: 120.5,
      rooms: [],
      labels: [],
    },
    {
      id: 2,
      name: "Ceiling fan",
      kind: "fan",
      active: false,
      brandId: 7,
      startsOn: "2026-05-01",
      price: 900,
      rooms: ["kitchen", "bath"],
      labels: ["quiet", "new"],
    },
  ];
  refuseName = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, overrides?: Overrides) {
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
            <Route path="/admin/gadgets" element={<GeneratedList screen="gadgets" overrides={overrides} />} />
            <Route path="/admin/gadgets/create" element={<GeneratedForm screen="gadgets" overrides={overrides} />} />
            <Route path="/admin/gadgets/:id" element={<ShowRoute overrides={overrides} />} />
            <Route path="/admin/gadgets/:id/edit" element={<EditRoute overrides={overrides} />} />
          </Routes>
          <Where />
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}
function EditRoute({ overrides }: { overrides?: Overrides }) {
  const id = useLocation().pathname.split("/").at(-2)!;
  return <GeneratedForm screen="gadgets" id={id} overrides={overrides} />;
}
function ShowRoute({ overrides }: { overrides?: Overrides }) {
  const id = useLocation().pathname.split("/").pop()!;
  return <GeneratedShow screen="gadgets" id={id} overrides={overrides} />;
}

const posts = () => http.calls.filter((c) => c.method === "POST");
/** A form field's item, by its label. */
const item = (label: string) => screen.getByText(label, { selector: "label" }).closest(".ant-form-item") as HTMLElement;
/** Fills what a new gadget requires: its name, a kind and the brand. */
async function fillRequired(name: string, kind: "lamp" | "fan") {
  fireEvent.change(within(item("Name")).getByRole("textbox"), { target: { value: name } });
  fireEvent.mouseDown(within(item("Kind")).getByRole("combobox"));
  fireEvent.click(await screen.findByTitle(kind));
  fireEvent.mouseDown(within(item("Brand")).getByRole("combobox"));
  fireEvent.click(await screen.findByTitle("Acme"));
}

describe("a generated form", () => {
  it("asks for the required fields before sending, then sends the body the resource takes", async () => {
    renderAt("/admin/gadgets/create");
    const save = await screen.findByRole("button", { name: /buttons.save|Save/ });
    fireEvent.click(save);
    await waitFor(() => expect(item("Name").querySelector(".ant-form-item-explain-error")).not.toBeNull());
    expect(item("Kind").querySelector(".ant-form-item-explain-error")).not.toBeNull();
    expect(item("Brand").querySelector(".ant-form-item-explain-error")).not.toBeNull();
    expect(posts()).toEqual([]);

    // The brand is a reference: a searchable select of the referenced resource's rows, by name.
    await fillRequired("Floor lamp", "lamp");
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
    // Headed by what a person calls it, not by its number.
    expect(await screen.findByRole("heading", { name: "Ceiling fan" })).toBeInTheDocument();
    expect(screen.getByText("fan")).toBeInTheDocument();
    expect(screen.getByText("kit.generated.no")).toBeInTheDocument();
    unmount();
    renderAt("/admin/gadgets/99");
    expect(await screen.findByText("errors.recordNotFound")).toBeInTheDocument();
  });

  it("opens a record's form filled from one read of it, and sends the change", async () => {
    renderAt("/admin/gadgets/2/edit");
    const name = await within(await waitFor(() => item("Name"))).findByDisplayValue("Ceiling fan");
    expect(http.calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/v2/gadgets/2"))).toHaveLength(1);
    fireEvent.change(name, { target: { value: "Ceiling fan, white" } });
    fireEvent.click(screen.getByRole("button", { name: /buttons.save|Save/ }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === "PATCH")).toHaveLength(1));
    expect(http.calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: "/api/v2/gadgets/2",
      data: { name: "Ceiling fan, white" },
    });
  });

  it("opens a missing record's form as the not-found page, with no error toast beside it", async () => {
    renderAt("/admin/gadgets/99/edit");
    expect(await screen.findByText("errors.recordNotFound")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
    // The page says it: a toast would repeat the server's words on top of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
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

  it("deletes the selected rows after one confirmation, and nothing before it", async () => {
    renderAt("/admin/gadgets");
    await screen.findByText("Desk lamp");
    expect(screen.queryByRole("button", { name: /kit.generated.deleteSelected/ })).toBeNull();
    for (const name of ["Desk lamp", "Ceiling fan"])
      fireEvent.click(within(screen.getByText(name).closest("tr") as HTMLElement).getByRole("checkbox"));
    fireEvent.click(await screen.findByRole("button", { name: /kit.generated.deleteSelected/ }));
    expect(http.calls.some((c) => c.method === "DELETE")).toBe(false);
    const confirm = await waitFor(() => document.querySelector(".ant-popconfirm") as HTMLElement);
    fireEvent.click(within(confirm).getByRole("button", { name: "buttons.delete" }));
    await waitFor(() =>
      expect(
        http.calls
          .filter((c) => c.method === "DELETE")
          .map((c) => c.url)
          .sort(),
      ).toEqual(["/api/v2/gadgets/1", "/api/v2/gadgets/2"]),
    );
    expect(await screen.findByText("list.empty")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /kit.generated.deleteSelected/ })).toBeNull();
  }, 60_000);

  it("filters by a number range when a box is left, not at each digit", async () => {
    renderAt("/admin/gadgets");
    await screen.findByText("Ceiling fan");
    const lists = () => http.calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/v2/gadgets?"));
    const before = lists().length;
    const from = screen.getByRole("spinbutton", { name: "Price: kit.generated.from" });
    fireEvent.change(from, { target: { value: "500" } });
    expect(lists()).toHaveLength(before);
    fireEvent.blur(from);
    await waitFor(() => expect(screen.queryByText("Desk lamp")).toBeNull());
    expect(screen.getByText("Ceiling fan")).toBeInTheDocument();
    expect(decodeURIComponent(lists().at(-1)!.url)).toContain("price_gte=500");
    const to = screen.getByRole("spinbutton", { name: "Price: kit.generated.to" });
    fireEvent.change(to, { target: { value: "800" } });
    fireEvent.keyDown(to, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.queryByText("Ceiling fan")).toBeNull());
    expect(decodeURIComponent(lists().at(-1)!.url)).toMatch(
      /price_gte=500.*price_lte=800|price_lte=800.*price_gte=500/,
    );
  }, 60_000);

  it("exports every filtered row as CSV page by page, states in words and formulas as text", async () => {
    gadgets = Array.from({ length: 130 }, (_, i) => ({
      id: i + 1,
      name: i === 0 ? "=HYPERLINK(1)" : `Gadget ${i + 1}`,
      kind: i % 2 ? "fan" : "lamp",
      active: i % 3 === 0,
      brandId: 7,
      startsOn: null,
      price: 10 + i,
      rooms: i === 0 ? ["kitchen", "bath"] : [],
      labels: i === 0 ? ["a", "b"] : [],
    }));
    const files: Blob[] = [];
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation((b) => (files.push(b as Blob), "blob:x"));
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    try {
      renderAt("/admin/gadgets");
      await screen.findByText("Gadget 2");
      fireEvent.click(screen.getByRole("button", { name: /buttons.export|Export/ }));
      await waitFor(() => expect(files).toHaveLength(1));
      const lines = (await files[0].text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("Name,Kind,Active,Brand,Starts on,Price,Rooms,Labels,Picture");
      expect(lines).toHaveLength(131);
      // A name that starts like a formula is text in a spreadsheet.
      expect(lines[1]).toBe("'=HYPERLINK(1),lamp,kit.generated.yes,7,,10,kitchen; bath,a; b,");
      expect(lines[2]).toBe("Gadget 2,fan,kit.generated.no,7,,11,,,");
      const pages = http.calls.filter((c) => c.url.startsWith("/api/v2/gadgets?") && c.url.includes("_end=100"));
      expect(pages.length).toBeGreaterThan(0);
    } finally {
      create.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  }, 60_000);

  it("takes lists: several states of a set, and typed words, each shown as a tag", async () => {
    const { unmount } = renderAt("/admin/gadgets");
    const fan = (await screen.findByText("Ceiling fan")).closest("tr") as HTMLElement;
    for (const word of ["kitchen", "bath", "quiet", "new"]) expect(within(fan).getByText(word)).toBeInTheDocument();
    unmount();

    renderAt("/admin/gadgets/create");
    await screen.findByText("Rooms", { selector: "label" });
    await fillRequired("Wall fan", "fan");
    fireEvent.mouseDown(within(item("Rooms")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("kitchen"));
    fireEvent.click(await screen.findByTitle("bath"));
    const labels = within(item("Labels")).getByRole("combobox");
    for (const word of ["quiet", "white", "slim", "cheap"]) {
      fireEvent.change(labels, { target: { value: word } });
      fireEvent.keyDown(labels, { key: "Enter", code: "Enter", keyCode: 13 });
    }
    const save = screen.getByRole("button", { name: /buttons.save|Save/ });
    // Four words where the resource takes three: refused on the field, nothing sent.
    fireEvent.click(save);
    await waitFor(() => expect(item("Labels").querySelector(".ant-form-item-explain-error")).not.toBeNull());
    expect(posts()).toEqual([]);
    fireEvent.click(within(item("Labels")).getAllByLabelText("close").at(-1)!);
    fireEvent.click(save);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].data).toMatchObject({ rooms: ["kitchen", "bath"], labels: ["quiet", "white", "slim"] });
  }, 60_000);

  it("uploads an image field at once through the storefront images, and sends the stored path", async () => {
    renderAt("/admin/gadgets/create");
    await screen.findByText("Picture", { selector: "label" });
    await fillRequired("Lamp with picture", "lamp");
    const file = new File([new Uint8Array([137, 80, 78, 71])], "lamp.png", { type: "image/png" });
    fireEvent.change(item("Picture").querySelector('input[type="file"]')!, { target: { files: [file] } });
    await waitFor(() => expect(within(item("Picture")).getByRole("img", { name: "Picture" })).toBeInTheDocument());
    const upload = posts().find((c) => c.url === "/api/v2/storefront-images")!;
    expect((upload.data as FormData).get("file")).toBeInstanceOf(File);
    fireEvent.click(screen.getByRole("button", { name: /buttons.save|Save/ }));
    await waitFor(() => expect(posts().filter((c) => c.url === "/api/v2/gadgets")).toHaveLength(1));
    expect(posts().find((c) => c.url === "/api/v2/gadgets")!.data).toMatchObject({
      pictureUrl: "/uploads/image/0123456789abcdef0123456789abcdef.png",
    });
  }, 60_000);

  it("draws what the feature overrides: a cell with its row, a column, row actions, list buttons, an input", async () => {
    const acted: string[] = [];
    const overrides: Overrides = {
      cells: { name: (v, row) => <strong data-testid="own-name">{`${String(v)} #${String(row.id)}`}</strong> },
      columns: [{ key: "size", title: "gadgets.size", render: (row) => `${String(row.price)} cm` }],
      actions: ({ row }) => <button onClick={() => acted.push(String(row.name))}>{`Ping ${String(row.name)}`}</button>,
      listButtons: () => <button>Import</button>,
      inputs: {
        name: ({ value, onChange, id }) => (
          <input
            id={id}
            aria-label="own name"
            value={typeof value === "string" ? value : ""}
            onChange={(e) => onChange?.(e.target.value)}
          />
        ),
      },
    };
    const { unmount } = renderAt("/admin/gadgets", overrides);
    expect((await screen.findAllByTestId("own-name")).map((e) => e.textContent)).toEqual([
      "Desk lamp #1",
      "Ceiling fan #2",
    ]);
    expect(screen.getByRole("columnheader", { name: "gadgets.size" })).toBeInTheDocument();
    expect(screen.getByText("900 cm")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Ping Ceiling fan" }));
    expect(acted).toEqual(["Ceiling fan"]);
    unmount();

    // The record page: the same cell and the row's actions in its header.
    const show = renderAt("/admin/gadgets/2", overrides);
    expect((await screen.findByTestId("own-name")).textContent).toBe("Ceiling fan #2");
    expect(screen.getByRole("button", { name: "Ping Ceiling fan" })).toBeInTheDocument();
    show.unmount();

    // The form: the own input holds the field's value and its rules still apply.
    renderAt("/admin/gadgets/create", overrides);
    const own = await screen.findByLabelText("own name");
    fireEvent.click(screen.getByRole("button", { name: /buttons.save|Save/ }));
    await waitFor(() =>
      expect(own.closest(".ant-form-item")!.querySelector(".ant-form-item-explain-error")).not.toBeNull(),
    );
    expect(posts()).toEqual([]);
  }, 60_000);
});
