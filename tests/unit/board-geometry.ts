/**
 * Element boxes for the kit's board in jsdom, which lays nothing out: column i stands at x = 300·i
 * (mirrored right to left), card j of a column at y = 50 + 60·j, the drag overlay where the dragged
 * item stood when it was picked up. dnd-kit's keyboard sensor then moves by these boxes the way it
 * moves by the browser's.
 */
import { act, fireEvent } from "@testing-library/react";

let rtl = false;
const original = Element.prototype.getBoundingClientRect;
const overlays = new WeakMap<Element, DOMRect>();

function box(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON: () => ({}) };
}

function layoutBox(this: Element): DOMRect {
  const overlay =
    this.closest(".kit-board-card-overlay, .kit-board-column-overlay") ??
    this.querySelector(":scope > .kit-board-card-overlay, :scope > .kit-board-column-overlay");
  if (overlay) {
    if (!overlays.has(overlay))
      overlays.set(overlay, layoutBox.call(document.querySelector(".kit-board [data-placeholder]")!));
    return overlays.get(overlay)!;
  }
  const columns = [...document.querySelectorAll(".kit-board > .kit-board-column")];
  const column = this.closest("[data-board-column]");
  const i = column ? columns.indexOf(column) : -1;
  if (i < 0) return box(0, 0, 4000, 4000);
  const x = 300 * (rtl ? columns.length - 1 - i : i);
  const cards = [...column!.querySelectorAll(".kit-board-card")];
  const card = this.closest(".kit-board-card");
  if (card) return box(x + 10, 50 + 60 * cards.indexOf(card), 260, 50);
  return box(x, 0, 280, 60 + 60 * Math.max(cards.length, 1));
}

/** Lays the board out from now on (call in beforeAll); `undo` restores jsdom's boxes. */
export function layOutBoards() {
  Element.prototype.getBoundingClientRect = layoutBox;
  return {
    undo: () => {
      Element.prototype.getBoundingClientRect = original;
    },
  };
}

/** Right to left: columns from the right (set back with false). */
export function boardsRightToLeft(on: boolean) {
  rtl = on;
  document.documentElement.dir = on ? "rtl" : "";
}

export const tick = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

/** Focus the handle, lift with Space, press the keys, drop with Space (or the key given). */
export async function keyboardDrag(handle: HTMLElement, keys: string[], drop = "Space") {
  handle.focus();
  fireEvent.keyDown(handle, { code: "Space", key: " " });
  await tick();
  for (const code of keys) {
    fireEvent.keyDown(document, { code, key: code });
    await tick();
  }
  fireEvent.keyDown(document, { code: drop, key: drop === "Space" ? " " : drop });
  await tick();
}

/** dnd-kit's screen-reader live region. */
export const liveRegion = () => document.querySelector("[id^='DndLiveRegion']")!;
