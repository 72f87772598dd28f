import { startTransition, useEffect, useState } from "react";

/**
 * False until the browser is first idle after the shell mounts. The shell's secondary parts (the menu's items,
 * the notification bell, the command palette) render then, as an interruptible transition, so a reload shows
 * the page's own content first; the frame around them keeps its size, so nothing moves when they arrive.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const settle = () => startTransition(() => setSettled(true));
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(settle, { timeout: 1500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(settle, 50);
    return () => clearTimeout(id);
  }, []);
  return settled;
}
