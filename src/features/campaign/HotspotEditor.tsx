import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslate } from "@refinedev/core";
import {
  bigEnough,
  CORNERS,
  fractionIn,
  keyStep,
  moved,
  placed,
  resized,
  sameRect,
  spanned,
  type Corner,
  type Point,
  type Rect,
} from "./geometry";
import type { Hotspot } from "./model";
import "./campaign.css";

type Gesture =
  | { kind: "draw"; start: Point; rect: Rect }
  | { kind: "move"; id: number; start: Point; origin: Rect; rect: Rect }
  | { kind: "resize"; id: number; corner: Corner; origin: Rect; rect: Rect };

interface Props {
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  hotspots: Hotspot[];
  /** False for a closed campaign: the hotspots are shown, nothing moves. */
  editable: boolean;
  selected: number | null;
  onSelect: (id: number | null) => void;
  /** A rectangle drawn on the image, waiting for its product. */
  draft: Rect | null;
  onDraw: (rect: Rect) => void;
  /** A hotspot moved or resized; `settle` waits for more arrow keys before saving. */
  onPlace: (id: number, rect: Rect, settle?: boolean) => void;
  onDelete: (id: number) => void;
  onEdit: (id: number) => void;
}

const pct = (v: number) => Math.round(v * 100);

/**
 * The image with its hotspots, edited by pointer (mouse, pen and touch alike): drag on the image to draw
 * a rectangle, drag a hotspot to move it, drag a corner handle of the selected one to resize it. Every
 * position is a fraction of the image's drawn size, so hotspots keep their place at any width. Keyboard:
 * a hotspot takes focus; arrow keys move it (Shift: further), Enter relinks it, Delete removes it.
 * Pointer events rather than dnd-kit: this draws and resizes rectangles on a surface, which dnd-kit's
 * item-to-container model does not do.
 */
export function HotspotEditor({
  imageUrl,
  imageWidth,
  imageHeight,
  hotspots,
  editable,
  selected,
  onSelect,
  draft,
  onDraw,
  onPlace,
  onDelete,
  onEdit,
}: Props) {
  const t = useTranslate();
  const surface = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [said, setSaid] = useState("");

  const pointAt = (e: PointerEvent) => fractionIn(surface.current!.getBoundingClientRect(), e.clientX, e.clientY);
  const nameOf = (h: Hotspot, n: number) => t("campaign.editor.hotspotName", { n, name: h.label || h.product.name });
  const where = (r: Rect) =>
    t("campaign.editor.position", { x: pct(r.x), y: pct(r.y), width: pct(r.width), height: pct(r.height) });

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!editable || e.button !== 0) return;
    const target = e.target as HTMLElement;
    const spot = target.closest<HTMLElement>("[data-hotspot]");
    const corner = target.closest<HTMLElement>("[data-corner]")?.dataset.corner as Corner | undefined;
    // No native image drag or text selection; focus is given by hand below.
    e.preventDefault();
    surface.current!.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    if (spot) {
      const id = Number(spot.dataset.hotspot);
      const h = hotspots.find((x) => x.id === id)!;
      spot.focus();
      onSelect(id);
      setGesture(
        corner
          ? { kind: "resize", id, corner, origin: h, rect: h }
          : { kind: "move", id, start: p, origin: h, rect: h },
      );
      return;
    }
    onSelect(null);
    setGesture({ kind: "draw", start: p, rect: spanned(p, p) });
  };

  /** The gesture with its rectangle at pointer position `p`. */
  const at = (g: Gesture, p: { x: number; y: number }): Gesture =>
    g.kind === "draw"
      ? { ...g, rect: spanned(g.start, p) }
      : g.kind === "move"
        ? { ...g, rect: moved(g.origin, p.x - g.start.x, p.y - g.start.y) }
        : { ...g, rect: resized(g.origin, g.corner, p) };

  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (gesture) setGesture(at(gesture, pointAt(e)));
  };

  // The browser may coalesce the last moves into the release: the release's own position is where the gesture ends.
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!gesture) return;
    const done = at(gesture, pointAt(e));
    setGesture(null);
    if (done.kind === "draw") {
      if (bigEnough(done.rect)) onDraw(done.rect);
    } else if (!sameRect(done.rect, done.origin)) {
      onPlace(done.id, done.rect);
      setSaid(where(done.rect));
    }
  };

  const key = (h: Hotspot, e: KeyboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    const step = keyStep(e.key, e.shiftKey);
    if (step) {
      e.preventDefault();
      const next = moved(h, step.x, step.y);
      onPlace(h.id, next, true);
      setSaid(where(next));
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onDelete(h.id);
    } else if (e.key === "Enter") {
      e.preventDefault();
      onEdit(h.id);
    }
  };

  const shown = (h: Hotspot): Rect => (gesture && gesture.kind !== "draw" && gesture.id === h.id ? gesture.rect : h);
  const drawing = gesture?.kind === "draw" ? gesture.rect : draft;

  return (
    <div className="campaign-editor">
      <div
        ref={surface}
        dir="ltr"
        className={`campaign-surface${editable ? " campaign-surface-editable" : ""}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => setGesture(null)}
        onDoubleClick={(e) => {
          const spot = (e.target as HTMLElement).closest<HTMLElement>("[data-hotspot]");
          if (editable && spot) onEdit(Number(spot.dataset.hotspot));
        }}
      >
        <img
          src={imageUrl}
          width={imageWidth}
          height={imageHeight}
          alt={t("campaign.editor.imageAlt")}
          draggable={false}
        />
        {hotspots.map((h, i) => (
          <div
            key={h.id}
            data-hotspot={h.id}
            role="button"
            tabIndex={0}
            aria-label={`${nameOf(h, i + 1)}, ${where(shown(h))}`}
            aria-describedby={editable ? "campaign-editor-keys" : undefined}
            aria-pressed={selected === h.id}
            title={h.product.name}
            className={`campaign-hotspot${selected === h.id ? " campaign-hotspot-selected" : ""}${h.product.approved ? "" : " campaign-hotspot-warning"}`}
            style={placed(shown(h))}
            onFocus={() => onSelect(h.id)}
            onKeyDown={(e) => key(h, e)}
          >
            <span className="campaign-hotspot-number" aria-hidden>
              {i + 1}
            </span>
            {editable &&
              selected === h.id &&
              CORNERS.map((c) => (
                <span key={c} data-corner={c} className={`campaign-handle campaign-handle-${c}`} aria-hidden />
              ))}
          </div>
        ))}
        {drawing && <div className="campaign-hotspot campaign-hotspot-draft" style={placed(drawing)} aria-hidden />}
      </div>
      {editable && (
        <p id="campaign-editor-keys" className="campaign-editor-hint">
          {t("campaign.editor.keys")}
        </p>
      )}
      <div className="campaign-sr-only" aria-live="polite">
        {said}
      </div>
    </div>
  );
}
