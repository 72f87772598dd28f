import { render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import strings from "../../public/locales/en/homecategory.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { homecategory } from "../../src/features/homecategory/resource";
import { TileList } from "../../src/features/homecategory/TileList";
import type { Tile } from "../../src/features/homecategory/model";
import { englishFrom, keysOnlyI18n, mockHttp, type Recorded } from "./helpers";
import { keyboardDrag } from "./board-geometry";

/**
 * The home-category tiles over the real `rest` data provider; the HTTP layer answers like the server
 * (tests/server/homecategory.test.ts covers that), and jsdom gets the tiles' boxes it cannot lay out.
 */
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

function server(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  const move = /^\/api\/v2\/homecategories\/(\d+)\/move$/.exec(path);
  if (req.method === "GET" && path === "/api/v2/homecategories") {
    return { status: 200, data: JSON.parse(JSON.stringify([...tiles].sort((a, b) => a.position - b.position))) };
  }
  if (req.method === "POST" && move) {
    if (failNext) {
      const { status, body } = failNext;
      failNext = undefined;
      return { status, data: body };
    }
    const id = Number(move[1]);
    const order = [...tiles].sort((a, b) => a.position - b.position).filter((x) => x.id !== id);
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
  const patch = /^\/api\/v2\/homecategories\/(\d+)$/.exec(path);
  if (req.method === "PATCH" && patch) {
    const found = tiles.find((x) => x.id === Number(patch[1]))!;
    Object.assign(found, req.data);
    return { status: 200, data: found };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

/** jsdom lays nothing out: tile i stands at x = 200·i in one row, so arrow keys move by tiles. */
const original = Element.prototype.getBoundingClientRect;
function layout(this: Element): DOMRect {
  const li = this.closest(".homecategory-tile");
  const i = li ? [...document.querySelectorAll(".homecategory-tile")].indexOf(li) : -1;
  const [x, width] = i < 0 ? [0, 4000] : [200 * i, 180];
  return { x, y: 0, left: x, top: 0, width, height: 300, right: x + width, bottom: 300, toJSON: () => ({}) };
}

beforeAll(() => {
  // The kit's window tag words through react-i18next: give it the kit's English.
  keysOnlyI18n().addResourceBundle("en", "translation", kitStrings, true, true);
  Element.prototype.getBoundingClientRect = layout;
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = original;
});
beforeEach(() => {
  tiles = [
    tile(1, 0, "Air conditioning"),
    tile(2, 1, "Lighting"),
    tile(3, 2, "Inverter deals", { linkType: "product", linkName: null, active: false }),
  ];
  failNext = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={["/admin/homecategory"]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([homecategory]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={homecategory.resources}
          i18nProvider={englishFrom({ ...strings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/homecategory" element={<TileList />} />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const names = () =>
  [...document.querySelectorAll(".homecategory-tile .homecategory-face-name")].map((e) => e.textContent);
const moves = () => http.calls.filter((c) => c.method === "POST" && /\/move$/.test(c.url));

describe("home-category tiles", { timeout: 20_000 }, () => {
  it("draws each tile in the reader's language with its state, target and switch; a target that takes no link says so", async () => {
    renderScreen();
    await screen.findByText("Air conditioning");
    expect(names()).toEqual(["Air conditioning", "Lighting", "Inverter deals"]);
    // Two of the three are on the home page now (the third is switched off).
    const counts = [...document.querySelectorAll(".ant-statistic")].map((e) => [
      e.querySelector(".ant-statistic-title")?.textContent,
      e.querySelector(".ant-statistic-content-value")?.textContent,
    ]);
    expect(counts).toEqual([
      ["Tiles", "3"],
      ["Shown on the home page now", "2"],
    ]);
    const off = document.querySelector<HTMLElement>("[data-tile-id='3']")!;
    expect(within(off).getByText("Off")).toBeInTheDocument();
    expect(within(off).getByText("Its link leads nowhere now: pick another target")).toBeInTheDocument();
    expect(within(off).getByRole("switch", { name: "Shown on the home page: Inverter deals" })).not.toBeChecked();
    const live = document.querySelector<HTMLElement>("[data-tile-id='1']")!;
    expect(within(live).getByText("Live")).toBeInTheDocument();
    expect(within(live).getByText("Air conditioning category")).toBeInTheDocument();
  });

  it("names the tiles in French when the page is in French", async () => {
    const i18n = keysOnlyI18n();
    i18n.addResourceBundle("fr", "translation", kitStrings, true, true);
    await i18n.changeLanguage("fr");
    try {
      renderScreen();
      await screen.findByText("Air conditioning (fr)");
      expect(names()).toEqual(["Air conditioning (fr)", "Lighting (fr)", "Inverter deals (fr)"]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("moves a tile by keyboard with one request naming its new place; the order is read back", async () => {
    renderScreen();
    await screen.findByText("Inverter deals");
    await keyboardDrag(screen.getByRole("button", { name: "Move tile Inverter deals, position 3" }), [
      "ArrowLeft",
      "ArrowLeft",
    ]);
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]).toMatchObject({ url: "/api/v2/homecategories/3/move", data: { index: 0 } });
    await waitFor(() => expect(names()).toEqual(["Inverter deals", "Air conditioning", "Lighting"]));
    expect(http.calls.filter((c) => c.method === "GET").length).toBeGreaterThanOrEqual(2);
  });

  it("undoes a move the server refuses and says why", async () => {
    renderScreen();
    await screen.findByText("Lighting");
    failNext = { status: 404, body: { status: 404, message: "Home category not found" } };
    await keyboardDrag(screen.getByRole("button", { name: "Move tile Lighting, position 2" }), ["ArrowLeft"]);
    expect(await screen.findByText("The new order could not be saved and was undone")).toBeInTheDocument();
    expect(screen.getByText("Home category not found")).toBeInTheDocument();
    expect(moves()).toHaveLength(1);
    await waitFor(() => expect(names()).toEqual(["Air conditioning", "Lighting", "Inverter deals"]));
  });

  it("switches a tile on in place with a PATCH of its flag alone", async () => {
    renderScreen();
    const toggle = await screen.findByRole("switch", { name: "Shown on the home page: Inverter deals" });
    toggle.click();
    await waitFor(() => expect(http.calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(http.calls.find((c) => c.method === "PATCH")).toMatchObject({
      url: "/api/v2/homecategories/3",
      data: { active: true },
    });
    expect(await screen.findByText("Inverter deals is shown again")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Shown on the home page: Inverter deals" })).toBeChecked(),
    );
  });
});
