import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import bannerStrings from "../../public/locales/en/banners.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { useNotificationProvider } from "../../src/providers/notification";
import { banners as bannersModule } from "../../src/features/banners/resource";
import { BannerManagement } from "../../src/features/banners/BannerManagement";
import type { Banner, BannerMenu, BannerType } from "../../src/features/banners/model";
import { englishFrom, mockHttp, noSavedViews, type Recorded } from "./helpers";
import { keyboardDrag } from "./board-geometry";

/**
 * The banner screen over its real data provider; the HTTP layer answers like the server
 * (tests/server/banners.test.ts covers that), and jsdom gets row boxes and image sizes it cannot make.
 */
const TYPES: BannerType[] = [
  { id: 1, code: "home_hero", name: "Home hero", width: 1920, height: 600, menuCount: 1 },
  { id: 4, code: "popup", name: "Pop-up", width: 600, height: 600, menuCount: 1 },
];
const MENUS: BannerMenu[] = [
  { id: 1, typeId: 1, code: "home", name: "Home page", bannerCount: 3 },
  { id: 8, typeId: 4, code: "home", name: "Home page", bannerCount: 0 },
];
const banner = (id: number, position: number, title: string, state: Banner["state"]): Banner => ({
  id,
  typeId: 1,
  menuId: 1,
  title,
  imageUrl: `/uploads/image/${String(id).padStart(32, "0")}.png`,
  width: 1920,
  height: 600,
  link: null,
  position,
  active: state !== "off",
  startsAt: state === "scheduled" ? "2030-01-01T02:00:00.000Z" : "2026-01-01T02:00:00.000Z",
  endsAt: null,
  timezone: "Asia/Bangkok",
  state,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

let rows: Banner[];
let failNext: { match: RegExp; status: number; body: object } | undefined;
let http: ReturnType<typeof mockHttp>;

function server(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  if (failNext && failNext.match.test(`${req.method} ${path}`)) {
    const { status, body } = failNext;
    failNext = undefined;
    return { status, data: body };
  }
  const q = (req.params ?? {}) as Record<string, unknown>;
  const body = req.data as Record<string, any>;
  const B = "/api/banners/uploadbanner";
  switch (`${req.method} ${path}`) {
    case `GET ${B}/getmasterType`:
      return { status: 200, data: { items: TYPES } };
    case `GET ${B}/getBannerTypeMenu`:
      return { status: 200, data: { items: MENUS.filter((m) => m.typeId === Number(q.typeId)) } };
    case `GET ${B}/getlistbanners`: {
      const page = rows
        .filter((b) => b.typeId === Number(q.typeId) && b.menuId === Number(q.menuId))
        .sort((a, b) => a.position - b.position);
      const items = page.filter((b) => !q.status || b.state === q.status);
      const counts = Object.fromEntries(
        ["live", "scheduled", "expired", "off"].map((s) => [s, page.filter((b) => b.state === s).length]),
      );
      return { status: 200, data: JSON.parse(JSON.stringify({ items, total: items.length, maxpage: 1, counts })) };
    }
    case `POST ${B}/sortbanner`:
      (body.ids as number[]).forEach((id, i) => {
        rows.find((b) => b.id === id)!.position = i;
      });
      return {
        status: 200,
        data: {
          status: 200,
          message: "Order saved.",
          data: body.ids.map((id: number, position: number) => ({ id, position })),
        },
      };
    case `POST ${B}/updatestatusbanner`: {
      const b = rows.find((x) => x.id === body.id)!;
      Object.assign(b, { active: body.active, state: body.active ? "live" : "off" });
      return { status: 200, data: { status: 200, message: "ok", data: b } };
    }
    case `POST ${B}/deletebanner`:
      rows = rows.filter((x) => x.id !== body.id);
      rows.forEach((b, i) => {
        b.position = i;
      });
      return { status: 200, data: { status: 200, message: "Banner deleted." } };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

/** jsdom lays nothing out: row i of the list stands at y = 80·i, so the keyboard sensor moves by rows. */
const original = Element.prototype.getBoundingClientRect;
function layout(this: Element): DOMRect {
  const li = this.closest(".banners-row");
  const i = li ? [...document.querySelectorAll(".banners-row")].indexOf(li) : -1;
  const [y, height] = i < 0 ? [0, 4000] : [80 * i, 70];
  return {
    x: 0,
    y,
    left: 0,
    top: y,
    width: 900,
    height,
    right: 900,
    bottom: y + height,
    toJSON: () => ({}),
  };
}

/** jsdom decodes no images: a picked file's pixel size comes from its name (`WxH.png`). */
const OriginalImage = window.Image;
class SizedImage {
  naturalWidth = 0;
  naturalHeight = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    const name = picked.get(url) ?? "";
    const m = /^(\d+)x(\d+)\./.exec(name);
    setTimeout(() => {
      if (!m) return this.onerror?.();
      [this.naturalWidth, this.naturalHeight] = [Number(m[1]), Number(m[2])];
      this.onload?.();
    }, 0);
  }
}
const picked = new Map<string, string>();
let urls = 0;

beforeAll(() => {
  Element.prototype.getBoundingClientRect = layout;
  window.Image = SizedImage as unknown as typeof Image;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${urls++}`;
    picked.set(url, (blob as File).name);
    return url;
  };
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = original;
  window.Image = OriginalImage;
});
beforeEach(() => {
  rows = [
    banner(11, 0, "Cool season sale", "live"),
    banner(12, 1, "Year-end sale", "scheduled"),
    banner(13, 2, "Songkran savers", "off"),
  ];
  failNext = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

function renderScreen(path = "/admin/banners/bannermanagement") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([bannersModule]), rest: noSavedViews }}
          routerProvider={routerProvider}
          resources={bannersModule.resources}
          i18nProvider={englishFrom({ ...bannerStrings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/banners/bannermanagement" element={<BannerManagement />} />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const titles = () => [...document.querySelectorAll(".banners-row .banners-title")].map((e) => e.textContent);
const sent = (path: RegExp) => http.calls.filter((c) => c.method === "POST" && path.test(c.url));

describe("banner management screen", { timeout: 20_000 }, () => {
  it("shows the first type's first page in order with the required size, each banner's window and switch", async () => {
    renderScreen();
    await screen.findByText("Cool season sale");
    expect(
      screen.getByText("Home hero images must be exactly 1920 × 600 px (JPEG, PNG or WebP, at most 5 MB)."),
    ).toBeInTheDocument();
    expect(titles()).toEqual(["Cool season sale", "Year-end sale", "Songkran savers"]);
    expect(screen.getAllByRole("switch").map((s) => s.getAttribute("aria-checked"))).toEqual(["true", "true", "false"]);
    expect(screen.getByText("Jan 1, 2030 09:00 – no end (Asia/Bangkok)")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Move banner / })).toHaveLength(3);
    const counts = screen.getByRole("group", { name: "Banners on this page by state" });
    expect(
      [...counts.querySelectorAll(".banners-count")].map((c) => [c.getAttribute("data-state"), c.textContent]),
    ).toEqual([
      ["live", "Live1"],
      ["scheduled", "Scheduled1"],
      ["expired", "Expired0"],
      ["off", "Off1"],
    ]);
  });

  it("a drop sends the whole order once; a refused one is undone with a toast", async () => {
    renderScreen();
    await screen.findByText("Cool season sale");
    await keyboardDrag(screen.getByRole("button", { name: "Move banner Cool season sale, position 1 of 3" }), [
      "ArrowDown",
    ]);
    await waitFor(() => expect(sent(/sortbanner$/)).toHaveLength(1));
    expect(sent(/sortbanner$/)[0].data).toEqual({ typeId: 1, menuId: 1, ids: [12, 11, 13] });
    await waitFor(() => expect(titles()).toEqual(["Year-end sale", "Cool season sale", "Songkran savers"]));

    failNext = {
      match: /sortbanner$/,
      status: 400,
      body: {
        status: 400,
        message: "ids must name every banner of the page; missing: 14",
        errors: [{ field: "ids", message: "ids must name every banner of the page; missing: 14" }],
      },
    };
    await keyboardDrag(screen.getByRole("button", { name: "Move banner Songkran savers, position 3 of 3" }), [
      "ArrowUp",
    ]);
    expect(await screen.findByText("The new order could not be saved and was undone")).toBeInTheDocument();
    expect(screen.getByText("ids must name every banner of the page; missing: 14")).toBeInTheDocument();
    expect(sent(/sortbanner$/)).toHaveLength(2);
    await waitFor(() => expect(titles()).toEqual(["Year-end sale", "Cool season sale", "Songkran savers"]));
  });

  it("with one state shown, the order cannot be changed and says why", async () => {
    renderScreen("/admin/banners/bannermanagement?status=off");
    await screen.findByText("Songkran savers");
    expect(titles()).toEqual(["Songkran savers"]);
    // The counts stay those of the whole page.
    expect(screen.getByRole("group", { name: "Banners on this page by state" })).toHaveTextContent(
      "Live1Scheduled1Expired0Off1",
    );
    expect(screen.getByText("Showing one state only: show all states to change the order.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Move banner / })).toBeNull();
  });

  it("switches a banner off and deletes one after a confirmation", async () => {
    renderScreen();
    await screen.findByText("Cool season sale");
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: "Show banner Cool season sale" })));
    await waitFor(() => expect(sent(/updatestatusbanner$/).map((c) => c.data)).toEqual([{ id: 11, active: false }]));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Show banner Cool season sale" })).toHaveAttribute(
        "aria-checked",
        "false",
      ),
    );

    fireEvent.click(screen.getByRole("button", { name: "Delete: Year-end sale" }));
    const confirm = await screen.findByRole("tooltip");
    expect(confirm).toHaveTextContent("Delete the banner “\u2068Year-end sale\u2069”?");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(titles()).toEqual(["Cool season sale", "Songkran savers"]));
    expect(sent(/deletebanner$/).map((c) => c.data)).toEqual([{ id: 12 }]);
  });

  it("refuses a picked image of another size before sending it, and a file that is no image", async () => {
    renderScreen();
    await screen.findByText("Cool season sale");
    fireEvent.click(screen.getByRole("button", { name: /Upload banner/ }));
    const dialog = await screen.findByRole("dialog");
    // The picker makes a new input after each pick.
    const pick = (file: File) =>
      act(async () => fireEvent.change(dialog.querySelector("input[type=file]")!, { target: { files: [file] } }));
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Garden week" } });

    await pick(new File(["x"], "1200x300.png", { type: "image/png" }));
    expect(
      await within(dialog).findByText("This image is 1200 × 300 px; Home hero banners must be exactly 1920 × 600 px."),
    ).toBeInTheDocument();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Upload" })));
    await pick(new File(["x"], "notes.png", { type: "image/png" }));
    expect(
      await within(dialog).findByText("This file cannot be read as an image; use a JPEG, PNG or WebP image."),
    ).toBeInTheDocument();
    await pick(new File(["x"], "1920x600.gif", { type: "image/gif" }));
    expect(await within(dialog).findByText("Use a JPEG, PNG or WebP image.")).toBeInTheDocument();
    expect(sent(/upload$/)).toEqual([]);
  });
});
