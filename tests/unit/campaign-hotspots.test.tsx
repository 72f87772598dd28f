import type { ReactNode } from "react";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Refine, type DataProvider } from "@refinedev/core";
import en from "../../public/locales/en/campaign.json";
import { SETTLE_MS, useHotspots } from "../../src/features/campaign/useHotspots";
import type { Hotspot } from "../../src/features/campaign/model";
import { englishFrom } from "./helpers";

const spot: Hotspot = {
  id: 7,
  campaignId: 3,
  productId: 101,
  label: null,
  x: 0.1,
  y: 0.2,
  width: 0.2,
  height: 0.2,
  product: {
    id: 101,
    code: "P1",
    name: "Pendant lamp",
    price: 990,
    imageUrl: null,
    shopName: "HomePro Lighting",
    approved: true,
  },
};

/** The `rest` provider's custom calls (PATCH and DELETE of hotspots), answering `answer` or failing. */
function setup(answer: (req: { url: string; method: string }) => unknown = () => ({})) {
  const custom = vi.fn(async (req: { url: string; method: string; payload?: unknown }) => {
    const data = answer(req);
    if (data instanceof Error) throw Object.assign(data, { statusCode: 409 });
    return { data };
  });
  const rest = { custom, getApiUrl: () => "/api/v2" } as unknown as DataProvider;
  const reload = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Refine
      dataProvider={{ default: {} as DataProvider, rest }}
      i18nProvider={englishFrom(en)}
      notificationProvider={{ open: () => {}, close: () => {} }}
      options={{ disableTelemetry: true }}
    >
      {children}
    </Refine>
  );
  // One array, as the campaign's query holds it: a new one would be a reload from the server.
  const stored = [spot];
  const hook = renderHook(() => useHotspots(3, stored, reload), { wrapper });
  return { custom, reload, hook };
}

afterEach(() => vi.useRealTimers());

describe("useHotspots", () => {
  it("shows arrow-key moves at once and saves the burst once, when the keys rest", async () => {
    vi.useFakeTimers();
    const { custom, hook } = setup();
    act(() => {
      hook.result.current.place(7, { ...spot, x: 0.11 }, true);
      hook.result.current.place(7, { ...spot, x: 0.12 }, true);
      hook.result.current.place(7, { ...spot, x: 0.13 }, true);
    });
    expect(hook.result.current.items[0].x).toBe(0.13);
    expect(custom).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
    });
    expect(custom).toHaveBeenCalledTimes(1);
    expect(custom.mock.calls[0][0]).toMatchObject({
      url: "/api/v2/campaigns/3/hotspots/7",
      method: "patch",
      payload: { x: 0.13, y: 0.2, width: 0.2, height: 0.2 },
    });
  });

  it("saves a drag at once; a refused save reloads what is stored", async () => {
    const { custom, reload, hook } = setup(() => new Error("This campaign is closed"));
    await act(async () => {
      hook.result.current.place(7, { ...spot, x: 0.5 });
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(custom).toHaveBeenCalledTimes(1);
  });

  it("removes a deleted hotspot once the server has deleted it, and not when it refuses", async () => {
    const refused = setup(() => new Error("An active campaign keeps at least one hotspot"));
    await act(async () => {
      await refused.hook.result.current.remove(7).catch(() => undefined);
    });
    expect(refused.hook.result.current.items.map((h) => h.id)).toEqual([7]);
    const { custom, hook } = setup(() => spot);
    await act(async () => {
      await hook.result.current.remove(7);
    });
    expect(custom.mock.calls[0][0]).toMatchObject({ url: "/api/v2/campaigns/3/hotspots/7", method: "delete" });
    expect(hook.result.current.items).toEqual([]);
  });
});
