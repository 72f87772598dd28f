import type { NotificationProvider } from "@refinedev/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { App } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RouteTablePage from "../../src/features/routes/RouteTable";
import { MAIN_TOASTS, useNotificationProvider } from "../../src/providers/notification";
import { keysOnlyI18n } from "./helpers";

keysOnlyI18n();

/** Notices on screen; jsdom never ends the leave animation, so leaving ones count as gone. */
const notices = () =>
  [...document.querySelectorAll(".ant-notification-notice-wrapper")].filter((n) => !n.className.includes("-leave"));

/** Lets antd mount and unmount notices: timers plus a couple of rendering turns. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("main toasts", () => {
  let provider: NotificationProvider;
  function Capture() {
    provider = useNotificationProvider();
    return null;
  }

  it("shows at most 5, top right, once per identical message, for 3000 ms", async () => {
    render(
      <App notification={MAIN_TOASTS}>
        <Capture />
      </App>,
    );
    act(() => {
      for (let i = 1; i <= 7; i++) provider.open({ type: "success", message: `Saved ${i}` });
    });
    await advance(50);
    expect(notices()).toHaveLength(5);
    expect(document.querySelector(".ant-notification-topRight")).not.toBeNull();
    expect(screen.queryByText("Saved 1")).toBeNull();
    expect(screen.getByText("Saved 7")).toBeInTheDocument();

    act(() => {
      provider.close?.("success:Saved 3:");
      provider.open({ type: "error", message: "Offline" });
      provider.open({ type: "error", message: "Offline" });
      provider.open({ type: "error", message: "Offline" });
    });
    await advance(50);
    expect(screen.getAllByText("Offline")).toHaveLength(1);

    await advance(2800);
    expect(notices().length).toBeGreaterThan(0);
    await advance(1000);
    expect(notices()).toHaveLength(0);
  });
});

describe("toast place", () => {
  let provider: NotificationProvider;
  function Capture() {
    provider = useNotificationProvider();
    return null;
  }
  const toastTop = () => document.documentElement.style.getPropertyValue("--toast-top");

  it("follows the page header's actions while a toast is open, so it never covers them", async () => {
    const heading = document.createElement("div");
    heading.className = "ant-page-header-heading";
    let bottom = 200;
    heading.getBoundingClientRect = () => ({ bottom }) as DOMRect;
    document.body.append(heading);
    render(
      <App notification={MAIN_TOASTS}>
        <Capture />
      </App>,
    );
    act(() => provider.open({ type: "success", message: "Moved" }));
    expect(toastTop()).toBe("208px");
    // The record's new state brings other actions, and the heading grows after the toast opened.
    bottom = 336;
    await advance(100);
    expect(toastTop()).toBe("344px");
    // A toast under the pointer stays past its time (antd holds it): it still follows the heading.
    fireEvent.mouseEnter(document.querySelector(".ant-notification-notice")!);
    await advance(6000);
    expect(notices()).toHaveLength(1);
    bottom = 300;
    await advance(100);
    expect(toastTop()).toBe("308px");
    // Once no toast can be open, the page no longer measures on every frame.
    fireEvent.mouseLeave(document.querySelector(".ant-notification-notice")!);
    await advance(5000);
    expect(notices()).toHaveLength(0);
    // The frame after the toast started leaving is the last one measured.
    await advance(50);
    bottom = 500;
    await advance(100);
    expect(toastTop()).toBe("308px");
    heading.remove();
  });
});

describe("route-table toasts", () => {
  it("shows at most 3, bottom left, for 5000 ms", { timeout: 30_000 }, async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: vi.fn(() => Promise.resolve()) } });
    render(<RouteTablePage />);
    const copies = screen.getAllByRole("button", { name: /^routes\.copy / });
    expect(copies.length).toBeGreaterThan(4);
    for (const button of copies.slice(0, 5)) fireEvent.click(button);
    await advance(50);
    expect(notices()).toHaveLength(3);
    expect(document.querySelector(".ant-notification-bottomLeft")).not.toBeNull();

    await advance(4000);
    expect(notices()).toHaveLength(3);
    await advance(1500);
    expect(notices()).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
