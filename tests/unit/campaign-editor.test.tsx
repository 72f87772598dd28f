import type { ReactNode } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Refine, type DataProvider } from "@refinedev/core";
import en from "../../public/locales/en/campaign.json";
import { HotspotEditor } from "../../src/features/campaign/HotspotEditor";
import { moved, resized, rounded, spanned, type Rect } from "../../src/features/campaign/geometry";
import type { Hotspot } from "../../src/features/campaign/model";
import { englishFrom } from "./helpers";

/** The editor's surface is laid out 1000 × 500 px at the page's origin (jsdom lays nothing out). */
const original = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function box(this: Element) {
    return this.classList.contains("campaign-surface")
      ? {
          x: 0,
          y: 0,
          left: 0,
          top: 0,
          width: 1000,
          height: 500,
          right: 1000,
          bottom: 500,
          toJSON: () => ({}),
        }
      : original.call(this);
  };
  Element.prototype.setPointerCapture ??= () => {};
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = original;
});

const Providers = ({ children }: { children: ReactNode }) => (
  <Refine dataProvider={{} as DataProvider} i18nProvider={englishFrom(en)} options={{ disableTelemetry: true }}>
    {children}
  </Refine>
);

const spot = (id: number, r: Rect, name = `Lamp ${id}`): Hotspot => ({
  id,
  campaignId: 1,
  productId: 100 + id,
  label: null,
  ...r,
  product: {
    id: 100 + id,
    code: `P${id}`,
    name,
    price: 990,
    imageUrl: null,
    shopName: "HomePro Lighting",
    approved: true,
  },
});

function renderEditor(props: Partial<Parameters<typeof HotspotEditor>[0]> = {}) {
  const handlers = { onSelect: vi.fn(), onDraw: vi.fn(), onPlace: vi.fn(), onDelete: vi.fn(), onEdit: vi.fn() };
  const all = {
    imageUrl: "/uploads/image/scene.png",
    imageWidth: 1200,
    imageHeight: 600,
    hotspots: [spot(1, { x: 0.1, y: 0.2, width: 0.2, height: 0.2 })],
    editable: true,
    selected: null,
    draft: null,
    ...handlers,
    ...props,
  };
  const view = render(
    <Providers>
      <HotspotEditor {...all} />
    </Providers>,
  );
  const surface = view.container.querySelector(".campaign-surface") as HTMLElement;
  return {
    ...handlers,
    surface,
    view,
    rerender: (more: object) =>
      view.rerender(
        <Providers>
          <HotspotEditor {...all} {...more} />
        </Providers>,
      ),
  };
}

/** A pointer drag over the surface, in surface pixels, starting on `from`. */
function drag(surface: HTMLElement, from: Element, a: [number, number], b: [number, number]) {
  fireEvent.pointerDown(from, { button: 0, pointerId: 1, clientX: a[0], clientY: a[1] });
  fireEvent.pointerMove(surface, { pointerId: 1, clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 });
  fireEvent.pointerMove(surface, { pointerId: 1, clientX: b[0], clientY: b[1] });
  fireEvent.pointerUp(surface, { pointerId: 1, clientX: b[0], clientY: b[1] });
}

const hotspot = (n = 1) => screen.getByRole("button", { name: new RegExp(`^Hotspot ${n}:`) });

describe("hotspot geometry", () => {
  it("spans a drag in any direction, moves inside the image, resizes from a corner with a least size", () => {
    expect(spanned({ x: 0.6, y: 0.7 }, { x: 0.2, y: 0.3 })).toEqual({ x: 0.2, y: 0.3, width: 0.4, height: 0.4 });
    expect(moved({ x: 0.7, y: 0.1, width: 0.2, height: 0.2 }, 0.5, -0.5)).toEqual({
      x: 0.8,
      y: 0,
      width: 0.2,
      height: 0.2,
    });
    expect(resized({ x: 0.2, y: 0.2, width: 0.4, height: 0.4 }, "nw", { x: 0.1, y: 0.05 })).toEqual({
      x: 0.1,
      y: 0.05,
      width: 0.5,
      height: 0.55,
    });
    expect(resized({ x: 0.2, y: 0.2, width: 0.4, height: 0.4 }, "se", { x: 0.1, y: 0.1 })).toEqual({
      x: 0.2,
      y: 0.2,
      width: 0.02,
      height: 0.02,
    });
    expect(resized({ x: 0.5, y: 0.5, width: 0.2, height: 0.2 }, "ne", { x: 1.4, y: -1 })).toEqual({
      x: 0.5,
      y: 0,
      width: 0.5,
      height: 0.7,
    });
  });

  it("rounds to six decimals by the edges, so a rectangle ending at the image's edge still ends inside it", () => {
    const r = rounded({ x: 0.1234565, y: 0, width: 0.8765435, height: 1 });
    expect(Math.round(r.x * 1e6) + Math.round(r.width * 1e6)).toBeLessThanOrEqual(1e6);
  });
});

describe("HotspotEditor", () => {
  it("places hotspots in percent of the image, so they keep their spot at any width", () => {
    renderEditor();
    expect(hotspot()).toHaveStyle({ left: "10%", top: "20%", width: "20%", height: "20%" });
    expect(hotspot()).toHaveAccessibleName(
      "Hotspot 1: Lamp 1, 10% from the left, 20% from the top, 20% × 20% of the image",
    );
  });

  it("draws a rectangle by dragging on the image; a click or a tiny drag draws nothing", () => {
    const { surface, onDraw } = renderEditor();
    const img = screen.getByRole("img");
    drag(surface, img, [600, 400], [900, 100]);
    expect(onDraw).toHaveBeenCalledWith({ x: 0.6, y: 0.2, width: 0.3, height: 0.6 });
    drag(surface, img, [500, 250], [505, 252]);
    expect(onDraw).toHaveBeenCalledTimes(1);
  });

  it("moves a hotspot by dragging it, stopping at the image's edge", () => {
    const { surface, onPlace, onSelect } = renderEditor();
    drag(surface, hotspot(), [200, 150], [300, 200]);
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(onPlace).toHaveBeenLastCalledWith(1, { x: 0.2, y: 0.3, width: 0.2, height: 0.2 });
    drag(surface, hotspot(), [200, 150], [2000, 150]);
    expect(onPlace).toHaveBeenLastCalledWith(1, { x: 0.8, y: 0.2, width: 0.2, height: 0.2 });
  });

  it("resizes the selected hotspot by a corner handle", () => {
    const { surface, onPlace } = renderEditor({ selected: 1 });
    const handle = hotspot().querySelector("[data-corner='se']")!;
    drag(surface, handle, [300, 200], [500, 300]);
    expect(onPlace).toHaveBeenLastCalledWith(1, { x: 0.1, y: 0.2, width: 0.4, height: 0.4 });
  });

  it("moves a focused hotspot with the arrow keys (Shift: five times as far), relinks it with Enter, deletes it with Delete", () => {
    const { onPlace, onEdit, onDelete } = renderEditor();
    hotspot().focus();
    fireEvent.keyDown(hotspot(), { key: "ArrowRight" });
    expect(onPlace).toHaveBeenLastCalledWith(1, { x: 0.11, y: 0.2, width: 0.2, height: 0.2 }, true);
    fireEvent.keyDown(hotspot(), { key: "ArrowUp", shiftKey: true });
    expect(onPlace).toHaveBeenLastCalledWith(1, { x: 0.1, y: 0.15, width: 0.2, height: 0.2 }, true);
    fireEvent.keyDown(hotspot(), { key: "Enter" });
    expect(onEdit).toHaveBeenCalledWith(1);
    fireEvent.keyDown(hotspot(), { key: "Delete" });
    expect(onDelete).toHaveBeenCalledWith(1);
  });

  it("changes nothing on a closed campaign: no drawing, moving, keys or handles", () => {
    const { surface, onPlace, onDraw, onDelete } = renderEditor({ editable: false, selected: 1 });
    expect(hotspot().querySelector("[data-corner]")).toBeNull();
    drag(surface, screen.getByRole("img"), [600, 400], [900, 100]);
    drag(surface, hotspot(), [200, 150], [300, 200]);
    fireEvent.keyDown(hotspot(), { key: "ArrowRight" });
    fireEvent.keyDown(hotspot(), { key: "Delete" });
    expect([onPlace, onDraw, onDelete].map((f) => f.mock.calls.length)).toEqual([0, 0, 0]);
    expect(screen.queryByText(/Drag on the image/)).toBeNull();
  });
});
