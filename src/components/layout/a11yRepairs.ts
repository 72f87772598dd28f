import { useEffect } from "react";

/**
 * Accessibility faults in markup the app does not write (Ant Design, Refine's page header, FullCalendar),
 * mended where they are drawn: one observer over the signed-in frame, each repair idempotent, so a re-render
 * that brings the markup back gets it mended again. Each names the axe rule it answers.
 */
export function repairA11y(root: ParentNode): void {
  // nested-interactive: Refine's page header wraps its back control (a link or a button, each focusable and
  // named) in a div with role="button" (English "back", not focusable); the control inside is the button.
  for (const el of root.querySelectorAll(".ant-page-header-back-button[role='button']")) {
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
  // One h1 per screen (WCAG 1.3.1, 2.4.6): the screen's title is Refine's page header, which draws a string title as
  // an h4; the first page header in the main region titles the screen, any other (a panel's) keeps its level. A
  // screen that is only a result (not found, not allowed, nothing to claim) is titled by it.
  const title =
    root.querySelector("main .ant-page-header-heading-title") ?? root.querySelector("main .ant-result-title");
  if (title) {
    const heading = title.querySelector("h1, h2, h3, h4, h5, h6") ?? title;
    if (heading.getAttribute("aria-level") !== "1") {
      if (heading === title) heading.setAttribute("role", "heading");
      heading.setAttribute("aria-level", "1");
    }
  }
  // aria-hidden-focus: a table's hidden measure row copies the header, select-all checkbox and sorters included.
  for (const el of root.querySelectorAll(".ant-table-measure-row:not([inert])")) el.setAttribute("inert", "");
  // aria-allowed-attr: a required Form.Item marks the Select's wrapper; "required" belongs to its combobox.
  for (const el of root.querySelectorAll(".ant-select[aria-required]")) {
    el.querySelector("input[role='combobox']")?.setAttribute("aria-required", el.getAttribute("aria-required")!);
    el.removeAttribute("aria-required");
  }
  // role-img-alt: FullCalendar's arrow glyphs are images without a name inside named buttons.
  for (const el of root.querySelectorAll(".fc-icon[role='img']:not([aria-hidden])"))
    el.setAttribute("aria-hidden", "true");
  // aria-allowed-attr: FullCalendar's "+14 more" is an <a> without href (no role) that says it expands.
  for (const el of root.querySelectorAll(".fc-more-link:not([href]):not([role])")) el.setAttribute("role", "button");
  // aria-required-children: the tab list's overflow button (not a tab) is inside role="tablist"; the keyboard
  // reaches every tab with the arrow keys, so the mouse-only button is hidden from assistive technology.
  for (const el of root.querySelectorAll(".ant-tabs-nav-more:not([aria-hidden])")) {
    el.setAttribute("aria-hidden", "true");
    el.setAttribute("tabindex", "-1");
  }
  // A disabled Select says so (its words are exempt from contrast, WCAG 1.4.3, as disabled inputs are).
  for (const el of root.querySelectorAll(".ant-select-disabled:not([aria-disabled])"))
    el.setAttribute("aria-disabled", "true");
  // scrollable-region-focusable: a table wider than its frame scrolls; without a focusable cell the keyboard
  // could not scroll it. The frame itself takes focus (arrow keys scroll it).
  for (const el of root.querySelectorAll<HTMLElement>(".ant-table-content, .ant-table-body")) {
    const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const focusable = el.querySelector(
      "a[href], button:not([disabled]), input:not([type='hidden']):not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])",
    );
    if (scrolls && !focusable && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  }
}

/** Keeps repairing what the signed-in app draws (the page, and the drawers and dialogs portalled to the body). */
export function useA11yRepairs(): void {
  useEffect(() => {
    let queued = false;
    const run = () => {
      queued = false;
      repairA11y(document.body);
    };
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(run);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    run();
    return () => observer.disconnect();
  }, []);
}
