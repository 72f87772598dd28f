import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import strings from "../../public/locales/en/shipping.json";
import common from "../../public/locales/en/common.json";
import kitStrings from "../../public/locales/en/kit.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import settings from "../../src/features/settings/resource";
import { ShippingSettings } from "../../src/features/settings/ShippingSettings";
import { overrides } from "../../src/features/settings/generated";
import type { Rate, Setting, Zone } from "../../src/features/settings/model";
import { englishFrom, keysOnlyI18n, mockHttp, type Recorded } from "./helpers";

/**
 * The shipping screen over the real data providers; the HTTP layer answers like the server does
 * (tests/server/settings.test.ts covers the server): rates by zone, the overlap refusal on its field,
 * confirmed deactivation, a province no zone covers named with a link to the zones' screen (the old zones
 * tab's address leads there), the zones screen's province picker, typed settings saved one by one.
 */
const PROVINCES = [
  { id: 1, code: "BKK", name: "Bangkok" },
  { id: 2, code: "CMI", name: "Chiang Mai" },
  { id: 3, code: "PKT", name: "Phuket" },
];
const rate = (
  id: number,
  zone: string,
  transportType: string,
  weightFrom: number,
  weightTo: number | null,
  price: number,
  extra: Partial<Rate> = {},
): Rate => ({
  id,
  zone,
  zoneName: zone === "bkk" ? "Bangkok and vicinity" : "North",
  transportType,
  transportTypeName: transportType === "kerry" ? "Kerry Express" : "Flash Express",
  weightFrom,
  weightTo,
  price,
  active: true,
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

let zones: Zone[];
let rates: Rate[];
let config: Setting[];
let http: ReturnType<typeof mockHttp>;
let picked: string[][];

function server(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  const q = (req.params ?? {}) as Record<string, unknown>;
  if (req.method === "GET" && path === "/api/v2/shipping-zones") return { status: 200, data: zones };
  if (req.method === "GET" && path === "/api/masterdata/mastertransporttype")
    return {
      status: 200,
      data: {
        data: [
          { code: "kerry", name: "Kerry Express" },
          { code: "flash", name: "Flash Express" },
        ],
      },
    };
  if (req.method === "GET" && path === "/api/masterdata/masterprovince")
    return { status: 200, data: { data: PROVINCES } };
  if (req.method === "GET" && path === "/api/setting/shippingrate") {
    const items = rates.filter(
      (r) =>
        r.zone === q.zone &&
        (q.active === undefined || r.active === q.active) &&
        (!q.transportType || r.transportType === q.transportType),
    );
    return { status: 200, data: { items, total: items.length, maxpage: 1 } };
  }
  if (req.method === "POST" && path === "/api/setting/createshippingrate") {
    const body = req.data as Partial<Rate> & { id?: number };
    if (body.id) {
      const found = rates.find((r) => r.id === body.id)!;
      Object.assign(found, body, { version: found.version + 1 });
      return { status: 200, data: { status: 200, message: "Shipping rate changed.", data: found } };
    }
    const clash = rates.find(
      (r) =>
        r.zone === body.zone &&
        r.transportType === body.transportType &&
        r.active &&
        r.weightFrom < (body.weightTo ?? Infinity) &&
        (r.weightTo ?? Infinity) > body.weightFrom!,
    );
    if (clash) {
      const message = `The band overlaps rate #${clash.id} (0–1 kg, 45.00 THB) of Kerry Express to Bangkok and vicinity; two active bands of one zone and transport type may not overlap.`;
      return { status: 400, data: { status: 400, message, errors: [{ field: "weightFrom", message }] } };
    }
    const created = rate(
      100 + rates.length,
      body.zone!,
      body.transportType!,
      body.weightFrom!,
      body.weightTo ?? null,
      body.price!,
    );
    rates.push(created);
    return { status: 200, data: { status: 200, message: "Shipping rate created.", data: created } };
  }
  if (req.method === "GET" && path === "/api/setting/configcontrol") return { status: 200, data: { data: config } };
  if (req.method === "PATCH" && path === "/api/v2/settings") {
    const { key, value } = req.data as { key: string; value: unknown };
    const found = config.find((s) => s.key === key)!;
    Object.assign(found, {
      value,
      isDefault: false,
      updatedAt: "2026-02-01T00:00:00.000Z",
      updatedByName: "Ada Admin",
    });
    return { status: 200, data: found };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

beforeAll(() => {
  keysOnlyI18n();
});
beforeEach(() => {
  zones = [
    { id: 10, code: "bkk", name: "Bangkok and vicinity", nameTh: "กรุงเทพฯ", provinces: ["BKK"] },
    { id: 20, code: "north", name: "North", nameTh: "ภาคเหนือ", provinces: ["CMI"] },
  ];
  rates = [
    rate(1, "bkk", "kerry", 0, 1, 45),
    rate(2, "bkk", "kerry", 1, 5, 65),
    rate(3, "bkk", "flash", 0, null, 39),
    rate(4, "north", "kerry", 0, 1, 60),
  ];
  config = [
    {
      key: "defaultLanguage",
      value: "en",
      default: "en",
      isDefault: true,
      schema: { type: "string", enum: ["en", "fr", "vi", "cn", "ar"] },
      description: "The language…",
      readBy: "client",
      updatedAt: null,
      updatedByName: null,
    },
    {
      key: "checkoutMaxQuantity",
      value: 50,
      default: 50,
      isDefault: true,
      schema: { type: "integer", minimum: 1, maximum: 9999 },
      description: "Most units…",
      readBy: "server",
      updatedAt: null,
      updatedByName: null,
    },
  ];
  http = mockHttp(server);
  picked = [];
});
afterEach(() => http.restore());

function renderScreen(tab = "", at = `/admin/setting/shipping${tab}`) {
  const Picker = overrides["setting-shippingzone"].inputs!.provinces!;
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([settings]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={settings.resources}
          i18nProvider={englishFrom({ ...strings, ...kitStrings, ...common })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          <Routes>
            <Route path="/admin/setting/shipping" element={<ShippingSettings />} />
            <Route path="/admin/setting/shipping-zones" element={<p>The zones screen</p>} />
            <Route
              path="/admin/setting/shipping-zones/:id/edit"
              element={<Picker value={["CMI", "BKK"]} onChange={(v) => picked.push(v as string[])} />}
            />
          </Routes>
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const rowsOf = (panel: HTMLElement) =>
  [...panel.querySelectorAll("tbody tr.ant-table-row")].map((tr) =>
    [...tr.querySelectorAll("td")].map((td) => td.textContent),
  );

describe("shipping settings screen", { timeout: 45_000 }, () => {
  it("groups the rates by zone; a transport type's cell spans its bands; other zones load when opened", async () => {
    renderScreen();
    await screen.findByText("Kerry Express", {}, { timeout: 8000 });
    const panel = document.querySelector<HTMLElement>(".ant-collapse-item-active")!;
    expect(within(panel).getByText("Bangkok and vicinity")).toBeInTheDocument();
    // The type's cell spans its bands, so the second Kerry row starts with its band.
    expect(rowsOf(panel).map((r) => r.slice(0, 4))).toEqual([
      ["Kerry Express", "0–1 kg", "฿45.00", "Active"],
      ["1–5 kg", "฿65.00", "Active", ""],
      ["Flash Express", "from 0 kg", "฿39.00", "Active"],
    ]);
    expect(
      http.calls.filter((c) => c.url === "/api/setting/shippingrate").map((c) => (c.params as { zone: string }).zone),
    ).toEqual(["bkk"]);
    fireEvent.click(screen.getByText("North"));
    await waitFor(() =>
      expect(
        http.calls.some(
          (c) => c.url === "/api/setting/shippingrate" && (c.params as { zone: string }).zone === "north",
        ),
      ).toBe(true),
    );
  });

  it("adds a rate to a zone, and puts the server's overlap refusal on the weight-from field", async () => {
    renderScreen();
    await screen.findByText("Kerry Express", {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole("button", { name: "Add rate: Bangkok and vicinity" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByLabelText("Transport type"));
    fireEvent.click(await screen.findByTitle("Kerry Express"));
    fireEvent.change(within(dialog).getByLabelText("Weight from"), { target: { value: "0.5" } });
    fireEvent.change(within(dialog).getByLabelText("Weight up to"), { target: { value: "2" } });
    fireEvent.change(within(dialog).getByLabelText("Price"), { target: { value: "50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(http.calls.filter((c) => c.url === "/api/setting/createshippingrate")).toHaveLength(1), {
      timeout: 8000,
    });
    expect(await within(dialog).findByText(/overlaps rate #1/, {}, { timeout: 8000 })).toBeInTheDocument();
    const posts = http.calls.filter((c) => c.url === "/api/setting/createshippingrate");
    expect(posts.map((c) => c.data)).toEqual([
      { zone: "bkk", transportType: "kerry", weightFrom: 0.5, weightTo: 2, price: 50 },
    ]);
    // The field names the problem, so the person fixes the band and saves again.
    expect(within(dialog).getByLabelText("Weight from").closest(".ant-form-item")).toHaveClass(
      "ant-form-item-has-error",
    );
    fireEvent.change(within(dialog).getByLabelText("Weight from"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("Weight up to"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(rates.some((r) => r.weightFrom === 5 && r.weightTo === null && r.transportType === "kerry")).toBe(true),
    );
    await screen.findByText("Shipping rate added");
  });

  it("deactivates a rate only after confirming, with the version read", async () => {
    renderScreen();
    await screen.findByText("Kerry Express", {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole("button", { name: "Deactivate: Kerry Express 0–1 kg" }));
    expect(await screen.findByText("Deactivate this rate?")).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(
      within(document.querySelector<HTMLElement>(".ant-popconfirm")!).getByRole("button", { name: "Deactivate" }),
    );
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === "POST").map((c) => c.data)).toEqual([
        { id: 1, version: 1, active: false },
      ]),
    );
    await screen.findByText("Shipping rate deactivated");
  });

  it("names the provinces no zone covers on the rates, with a link to the zones", async () => {
    renderScreen();
    const warning = (await screen.findByText(/No zone covers: Phuket\./, {}, { timeout: 8000 })).closest<HTMLElement>(
      ".ant-alert",
    )!;
    expect(within(warning).queryByText(/Bangkok|Chiang Mai/)).toBeNull();
    fireEvent.click(within(warning).getByRole("link", { name: "Shipping zones" }));
    expect(await screen.findByText("The zones screen")).toBeInTheDocument();
  });

  it("sends the old zones tab's address to the zones screen", async () => {
    renderScreen("?tab=zones");
    expect(await screen.findByText("The zones screen")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("picks a zone's provinces by name, naming the zone each one leaves", async () => {
    renderScreen("", "/admin/setting/shipping-zones/20/edit");
    // Bangkok is the Bangkok zone's: chosen here it leaves that zone, which is said; its own Chiang Mai is not.
    expect(await screen.findByText("Bangkok (Bangkok and vicinity)", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText("Chiang Mai")).toBeInTheDocument();
    expect(
      screen.getByText("Provinces chosen here leave their current zone: Bangkok and vicinity."),
    ).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Phuket"));
    expect(picked).toEqual([["CMI", "BKK", "PKT"]]);
  });

  it("edits each setting with the input of its type and saves it with the updatedAt read", async () => {
    renderScreen("?tab=config");
    const language = await screen.findByText("Default language");
    const card = language.closest<HTMLElement>("[data-setting]")!;
    expect(within(card).getByText(/Default: English · never changed/)).toBeInTheDocument();
    const save = within(card).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    fireEvent.mouseDown(within(card).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Français"));
    fireEvent.click(save);
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === "PATCH").map((c) => c.data)).toEqual([
        { key: "defaultLanguage", value: "fr", updatedAt: null },
      ]),
    );
    expect(await within(card).findByText(/changed by Ada Admin/)).toBeInTheDocument();
    // The quantity is a whole number: its input is a number field.
    const quantity = screen.getByText("Most units per product in an order").closest<HTMLElement>("[data-setting]")!;
    expect(within(quantity).getByRole("spinbutton")).toHaveValue("50");
  });
});
