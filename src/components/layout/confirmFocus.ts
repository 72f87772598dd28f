import { useEffect } from "react";

const CONFIRM = ".ant-popconfirm";
const HIDDEN = "ant-popover-hidden";

/**
 * Ant Design draws a confirmation (Popconfirm) in a layer at the end of the page, away from the button that opened
 * it: Tab from that button walks the rest of the page first, and inside a dialog (which keeps Tab within itself)
 * never reaches it. So an opened confirmation takes the focus on its confirming button, Escape closes it, and the
 * focus goes back to the button that opened it (WCAG 2.1.1, 2.4.3).
 */
export function useConfirmFocus(): void {
  useEffect(() => {
    const opener = new Map<Element, HTMLElement | null>();
    const sync = () => {
      for (const el of document.querySelectorAll(CONFIRM)) {
        const shown = !el.classList.contains(HIDDEN);
        if (shown && !opener.has(el)) {
          const active = document.activeElement;
          opener.set(el, active instanceof HTMLElement && !el.contains(active) ? active : null);
          el.querySelector<HTMLElement>(".ant-popconfirm-buttons .ant-btn-primary")?.focus({ preventScroll: true });
        } else if (!shown && opener.has(el)) giveBack(el);
      }
      for (const el of opener.keys()) if (!el.isConnected) giveBack(el);
    };
    const giveBack = (el: Element) => {
      const trigger = opener.get(el);
      opener.delete(el);
      const active = document.activeElement;
      // Unless the focus has gone on to something else: it fell to the page, stayed in the closed layer, or went to a
      // frame around the opener (a dialog takes it when the layer hides).
      const fell =
        !active || active === document.body || el.contains(active) || !!trigger?.parentElement?.closest(":focus");
      if (trigger?.isConnected && fell) trigger.focus({ preventScroll: true });
    };
    // Before the dialog around a confirmation sees the key (React passes it up through the layer): Escape closes
    // the confirmation only.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !(e.target instanceof Element)) return;
      const confirm = e.target.closest(CONFIRM);
      if (!confirm) return;
      e.preventDefault();
      e.stopPropagation();
      confirm.querySelector<HTMLElement>(".ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary)")?.click();
      giveBack(confirm);
    };
    let queued = false;
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        sync();
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
    document.addEventListener("keydown", onKey, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("keydown", onKey, true);
    };
  }, []);
}
