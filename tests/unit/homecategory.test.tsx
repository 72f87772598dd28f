import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import strings from "../../public/locales/en/homecategory.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { SCREENS } from "../../contract/screens";
import type { RowOf } from "../../src/api";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { toResource } from "../../src/resources/define";
import { GeneratedList } from "../../src/components/kit/generated/GeneratedList";
import { GeneratedForm } from "../../src/components/kit/generated/GeneratedForm";
import { loadOverrides, type Overrides } from "../../src/components/kit/generated/overrides";
import { englishFrom, keysOnlyI18n, mockHttp, type Recorded } from "./helpers";

/**
 * The generated home-categories screen (its row in contract/screens.ts, its overrides in
 * src/features/homecategory/generated.tsx) over the real `rest` data provider; the HTTP layer answers like
 * the server (tests/server/homecategory.test.ts covers that).
 */
type Tile = RowOf<"/api/v2/homecategories">;
const tile = (id: number, position: number, en: string, extra: Partial<Tile> = {}): Tile => ({
  id,
  position,
  names: { en, fr: `${en} (fr)`, vi: `${en} (vi)`, cn: `${en} (cn)`, ar: `${en} (ar)` },
  imageUrl: `/uploads/image/${String(id).padStart(32, "0")}.png`,
  linkType: "category",
  linkId: id,
  linkName: `${en} category`,
  active: true,
  startsAt: "2020-01-01T02:00:00.000Z",
  endsAt: null,
  timezone: "Asia/Bangkok",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

let tiles: Tile[];
let failNext: { status: number; body: object } | undefined;
let http: ReturnType<typeof mockHttp>;
let overrides: Overrides;
const SCREEN = SCREENS.find((s) => s.id === "homecategory")!;
const TARGETS = {
  category: [{ id: 11, name: "Air conditioners", detail: "AC", imageUrl: null }],
  product: [{ id: 21, name: "Inverter 9000 BTU", detail: "P-1 · Cool shop", imageUrl: null }],
};

function server(req: Recorded): { status: number; data?: unknown; headers?: Record<string, string> } {
  const [path, search = ""] = req.url.split("?");
  const q = new URLSearchParams(search);
  const move = /^\/api\/v2\/homecategories\/(\d+)\/move$/.exec(path);
  const one = /^\/api\/v2\/homecategories\/(\d+)$/.exec(path);
  const sorted = () => [...tiles].sort((a, b) => a.position - b.position);
  if (req.method === "GET" && path === "/api/v2/saved-views")
    return { status: 200, data: [], headers: { "x-total-count": "0" } };
  if (req.method === "GET" && path === "/api/v2/homecategory-targets") {
    const all = TARGETS[q.get("linkType") as keyof typeof TARGETS] ?? [];
    const ids = q.getAll("id").map(Number);
    const rows = ids.length ? all.filter((x) => ids.includes(x.id)) : all;
    return { status: 200, data: rows, headers: { "x-total-count": String(rows.length) } };
  }
  if (req.method === "GET" && path === "/api/v2/homecategories") {
    const start = Number(q.get("_start") ?? 0);
    const end = Number(q.get("_end") ?? tiles.length);
    return {
      status: 200,
      data: JSON.parse(JSON.stringify(sorted().slice(start, end))),
      headers: { "x-total-count": String(tiles.length) },
    };
  }
  if (req.method === "GET" && one) return { status: 200, data: tiles.find((x) => x.id === Number(one[1])) };
  if (req.method === "POST" && move) {
    if (failNext) {
      const { status, body } = failNext;
      failNext = undefined;
      return { status, data: body };
    }
    const id = Number(move[1]);
    const order = sorted().filter((x) => x.id !== id);
    order.splice(
      (req.data as { index: number }).index,
      0,
      tiles.find((x) => x.id === id)!,
    );
    order.forEach((x, i) => {
      x.position = i;
    });
    return { status: 200, data: tiles.find((x) => x.id === id) };
  }
  if (req.method === "PATCH" && one) {
    const found = tiles.find((x) => x.id === Number(one[1]))!;
    Object.assign(found, req.data);
    return { status: 200, data: found };
  }
  if (req.method === "POST" && path === "/api/v2/homecategories") {
    const made = tile(9, tiles.length, "New", req.data as Partial<Tile>);
    tiles.push(made);
    return { status: 201, data: made };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

const WORDS = { ...strings, ...kitStrings, ...common };

beforeAll(async () => {
  // The generated pages read their words through react-i18next, the overrides through Refine's translate.
  keysOnlyI18n().addResourceBundle("en", "translation", WORDS, true, true);
  overrides = await loadOverrides("homecategory", "homecategory");
});
beforeEach(() => {
  tiles = [
    tile(1, 0, "Air conditioning"),
    tile(2, 1, "Lighting"),
    tile(3, 2, "Inverter deals", { linkType: "product", linkId: 21, linkName: null, active: false }),
  ];
  failNext = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: restDataProvider, rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={[toResource(SCREEN)]}
          i18nProvider={englishFrom(WORDS)}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/homecategory" element={<GeneratedList screen="homecategory" overrides={overrides} />} />
            <Route
              path="/admin/homecategory/create"
              element={<GeneratedForm screen="homecategory" overrides={overrides} />}
            />
            <Route
              path="/admin/homecategory/3"
              element={<GeneratedForm screen="homecategory" id="3" overrides={overrides} />}
            />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

/** The tiles' names as the list shows them, top to bottom. */
const names = () =>
  [...document.querySelectorAll("tbody tr.ant-table-row")].map(
    (tr) => tr.querySelector("td:nth-child(2) span[dir=auto]")?.textContent,
  );
const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;
const moves = () => http.calls.filter((c) => c.method === "POST" && /\/move$/.test(c.url));
const item = (label: string) => screen.getByText(label, { selector: "label" }).closest(".ant-form-item") as HTMLElement;

describe("the generated home-categories screen", { timeout: 30_000 }, () => {
  it("is a generated screen of the ordered resource, with no page code", () => {
    expect(SCREEN.generated).toEqual({ resource: "homecategories" });
    expect(Object.keys(overrides.cells ?? {}).sort()).toEqual(["active", "imageUrl", "linkName", "position"]);
  });

  it("lists the tiles in their order with their name in the reader's language, place, target and switch; a target that takes no link says so", async () => {
    renderAt("/admin/homecategory");
    await screen.findByText("Air conditioning");
    expect(names()).toEqual(["Air conditioning", "Lighting", "Inverter deals"]);
    // Asked in the order of places (the resource's default); the place shows from 1.
    const list = http.calls.find((c) => c.method === "GET" && c.url.startsWith("/api/v2/homecategories"))!;
    expect(list.url).not.toContain("_sort");
    expect(within(rowOf("Lighting")).getByText("2")).toBeInTheDocument();
    // Each row's selection box (for delete) is named by the tile.
    expect(within(rowOf("Lighting")).getByRole("checkbox", { name: "Select Lighting" })).toBeInTheDocument();
    const off = rowOf("Inverter deals");
    expect(within(off).getByText("Its link leads nowhere now: pick another target")).toBeInTheDocument();
    expect(within(off).getByRole("switch", { name: "Shown on the home page: Inverter deals" })).not.toBeChecked();
    expect(within(rowOf("Air conditioning")).getByText("Air conditioning category")).toBeInTheDocument();
    // The first has no place above it, the last none below.
    expect(within(rowOf("Air conditioning")).getByRole("button", { name: "Move Air conditioning up" })).toBeDisabled();
    await waitFor(() =>
      expect(within(rowOf("Inverter deals")).getByRole("button", { name: "Move Inverter deals down" })).toBeDisabled(),
    );
  });

  it("names the tiles in French when the page is in French", async () => {
    const i18n = keysOnlyI18n();
    i18n.addResourceBundle("fr", "translation", WORDS, true, true);
    await i18n.changeLanguage("fr");
    try {
      renderAt("/admin/homecategory");
      await screen.findByText("Air conditioning (fr)");
      expect(names()).toEqual(["Air conditioning (fr)", "Lighting (fr)", "Inverter deals (fr)"]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("moves a tile up by keyboard with one request naming its new place; the order is read back", async () => {
    renderAt("/admin/homecategory");
    await screen.findByText("Inverter deals");
    const up = within(rowOf("Inverter deals")).getByRole("button", { name: "Move Inverter deals up" });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]).toMatchObject({ url: "/api/v2/homecategories/3/move", data: { index: 1 } });
    await waitFor(() => expect(names()).toEqual(["Air conditioning", "Inverter deals", "Lighting"]));
    expect(await screen.findByText("Inverter deals is now in place 2")).toBeInTheDocument();
  });

  it("keeps the order a refused move leaves and says why", async () => {
    renderAt("/admin/homecategory");
    await screen.findByText("Lighting");
    failNext = { status: 404, body: { status: 404, message: "Home category not found" } };
    const down = within(rowOf("Lighting")).getByRole("button", { name: "Move Lighting down" });
    // Enabled once the list knows how many tiles there are.
    await waitFor(() => expect(down).toBeEnabled());
    fireEvent.click(down);
    expect(await screen.findByText("The new order could not be saved")).toBeInTheDocument();
    expect(screen.getByText("Home category not found")).toBeInTheDocument();
    expect(moves()).toHaveLength(1);
    expect(names()).toEqual(["Air conditioning", "Lighting", "Inverter deals"]);
  });

  it("switches a tile on in place with a PATCH of its flag alone", async () => {
    renderAt("/admin/homecategory");
    const toggle = await screen.findByRole("switch", { name: "Shown on the home page: Inverter deals" });
    fireEvent.click(toggle);
    await waitFor(() => expect(http.calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(http.calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: "/api/v2/homecategories/3",
      data: { active: true },
    });
    expect(await screen.findByText("Inverter deals is shown again")).toBeInTheDocument();
  });

  it("asks for every language's name before sending, naming the language", async () => {
    renderAt("/admin/homecategory/create");
    const save = await screen.findByRole("button", { name: /Save/ });
    fireEvent.change(screen.getByRole("textbox", { name: "Name in each language: English" }), {
      target: { value: "Fans" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Name in each language: Français" }), {
      target: { value: "   " },
    });
    fireEvent.click(save);
    expect(await within(item("Name in each language")).findByText("Enter the name in Français")).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("offers the targets of the tile's type and empties the target when the type changes", async () => {
    renderAt("/admin/homecategory/3");
    // The stored target (a product) is listed by its id among the product targets.
    await waitFor(() =>
      expect(
        http.calls.some((c) => c.url.startsWith("/api/v2/homecategory-targets") && /linkType=product/.test(c.url)),
      ).toBe(true),
    );
    fireEvent.mouseDown(within(item("Opens")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Category"));
    await waitFor(() => expect(within(item("Target")).queryByText("Inverter 9000 BTU")).toBeNull());
    fireEvent.mouseDown(within(item("Target")).getByRole("combobox"));
    expect(await screen.findByText("Air conditioners")).toBeInTheDocument();
  });
});
