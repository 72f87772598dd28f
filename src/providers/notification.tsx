import type { NotificationProvider } from "@refinedev/core";
import { App, Button, Progress, Space } from "antd";
import { useMemo } from "react";

/** Spec §9, the main app's toasts: at most 5 at once, 3 s, top right. */
export const MAIN_TOASTS = { maxCount: 5, duration: 3, placement: "topRight" } as const;

const TOAST_GAP = 8;

/**
 * Top right is where a record's own actions are, so a toast opens below the app header and below the page header's
 * actions as they stand with the page scrolled to the top: scrolling moves the actions up under the sticky header,
 * never down, so the toast covers them at no scroll position. kit.css reads the variable.
 */
function placeToastsBelowPageHeader(): void {
  const bottom = (selector: string, scrolls: boolean): number => {
    const rect = document.querySelector(selector)?.getBoundingClientRect();
    return rect ? rect.bottom + (scrolls ? window.scrollY : 0) : 0;
  };
  const bottoms = [
    bottom('[data-testid="header"]', false),
    bottom('[data-testid="top-nav"]', false),
    bottom(".ant-page-header-heading", true),
  ];
  // A heading taller than half the window (a narrow phone) would push the toast too far: it stays under the header.
  const limit = window.innerHeight / 2;
  const top = Math.max(0, ...bottoms.filter((value) => value <= limit)) + TOAST_GAP;
  const value = `${Math.round(top)}px`;
  const style = document.documentElement.style;
  if (style.getPropertyValue("--toast-top") !== value) style.setProperty("--toast-top", value);
}

/** A toast still shown past its time (held under the pointer), not one on its way out. */
const anyToastHeld = () =>
  [...document.querySelectorAll(".ant-notification-notice-wrapper")].some((n) => !n.className.includes("-leave"));

/**
 * Places the toasts now and on every frame while one may be open: the page header can still be moving when a
 * toast opens (its actions change with the record's new state, or the page is still laying out on a busy machine),
 * and a toast must not sit on them at any moment. It follows for the toast's time on screen and closing motion, and
 * after that while any toast is still shown: antd holds a toast while the pointer rests on it, and the pointer is
 * often there, having just clicked an action top right (a loaded run saw a held toast 136 px over the actions).
 * A frame measures three boxes.
 */
function followPageHeader(seconds: number): void {
  const until = performance.now() + (seconds + 1) * 1000;
  const step = () => {
    placeToastsBelowPageHeader();
    if (performance.now() < until || anyToastHeld()) requestAnimationFrame(step);
  };
  step();
}

/**
 * Refine notifications on antd's App-scoped notification API. Written here rather than taken
 * from @refinedev/antd so the sign-in bundle does not pull that package (markdown, pro-layout).
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type, undoableTimeout, cancelMutation }) => {
        const seconds = type === "progress" ? (undoableTimeout ?? 5) : MAIN_TOASTS.duration;
        followPageHeader(seconds);
        if (type === "progress") {
          notification.open({
            key,
            message,
            description: (
              <Space>
                <Progress type="circle" size={32} percent={100} format={() => seconds} />
                {description}
                <Button
                  size="small"
                  onClick={() => {
                    cancelMutation?.();
                    if (key) notification.destroy(key);
                  }}
                >
                  ↶
                </Button>
              </Space>
            ),
            duration: 0,
            closable: false,
          });
          return;
        }
        // The same toast twice is shown once: without its own key, its text is the key.
        notification.open({ key: key ?? `${type}:${message}:${description ?? ""}`, message, description, type });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
