import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paletteOptions, takeTypedAhead, usePaletteTypeAhead } from "../../src/components/layout/paletteTypeAhead";

const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("the palette's type-ahead", () => {
  it("holds letters, Backspace and Enter from the shortcut until the search box takes them, once", () => {
    renderHook(usePaletteTypeAhead);
    expect(press("o")).toBe(false);
    paletteOptions.callbacks!.onOpen!();
    for (const key of ["o", "r", "x", "Backspace", "d"]) expect(press(key)).toBe(true);
    expect(press("a", { ctrlKey: true })).toBe(false);
    expect(press("Enter")).toBe(true);
    expect(takeTypedAhead()).toEqual({ text: "ord", enter: true });
    expect(takeTypedAhead()).toBeNull();
    expect(press("o")).toBe(false);
  });

  it("lets keys through again after Escape, a close, or the shell going away", () => {
    const { unmount } = renderHook(usePaletteTypeAhead);
    paletteOptions.callbacks!.onOpen!();
    expect(press("Escape")).toBe(false);
    expect(press("o")).toBe(false);
    paletteOptions.callbacks!.onOpen!();
    paletteOptions.callbacks!.onClose!();
    expect(press("o")).toBe(false);
    paletteOptions.callbacks!.onOpen!();
    unmount();
    renderHook(usePaletteTypeAhead);
    expect(press("o")).toBe(false);
    expect(takeTypedAhead()).toBeNull();
  });
});
