import type { KBarOptions } from "@refinedev/kbar";
import { useEffect } from "react";

/**
 * What is typed between Ctrl+K and the palette's search box taking the focus. kbar keeps its state in React state
 * and tells its parts in an effect after rendering, so the box mounts a render, an effect and another render after
 * the shortcut (later still on a busy machine or before the shell has settled). Keys pressed meanwhile went to the
 * page: "ord" + Enter typed at once opened nothing, or what "d" matched.
 */
interface TypedAhead {
  text: string;
  enter: boolean;
}

let pending: TypedAhead | null = null;

/** kbar calls these from its shortcut handler, at the press itself. */
export const paletteOptions: KBarOptions = {
  callbacks: {
    onOpen: () => void (pending = { text: "", enter: false }),
    onClose: () => void (pending = null),
  },
};

/** Keeps the keys typed while the palette opens, for as long as the shell is there. */
export function usePaletteTypeAhead(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!pending || e.isComposing) return;
      if (e.key === "Escape") {
        pending = null;
        return;
      }
      if (e.key === "Enter") pending.enter = true;
      else if (e.key === "Backspace") pending.text = pending.text.slice(0, -1);
      else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) pending.text += e.key;
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      // The shell went (signed out, session ended) while the palette opened: nothing is waiting for those keys.
      pending = null;
    };
  }, []);
}

/** What was typed ahead, once: the search box takes it as it mounts (and from then on gets the keys itself). */
export function takeTypedAhead(): TypedAhead | null {
  const taken = pending;
  pending = null;
  return taken;
}
