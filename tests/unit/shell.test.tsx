import type { DataProvider } from "@refinedev/core";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navChain, selectedKey } from "../../src/components/layout/nav";
import { navLeaves } from "../../src/providers/session-store";
import { RouteProgress } from "../../src/components/layout/RouteProgress";
import { activity, BACKGROUND, trackCalls } from "../../src/providers/activity";
import type { NavGroup } from "../../src/providers/session-store";
import { keysOnlyI18n } from "./helpers";

keysOnlyI18n();

const NAV: NavGroup[] = [
  { subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/admin/dashboard", icon: "dashboard" }] },
  {
    subheader: "nav.content",
    items: [
      {
        title: "nav.blog",
        path: "/admin/blog",
        icon: "blog",
        children: [
          { title: "nav.posts", path: "/admin/blog/posts" },
          { title: "nav.newPost", path: "/admin/blog/new" },
        ],
      },
    ],
  },
];

describe("menu helpers", () => {
  it("lights the longest menu path under the URL and walks to it", () => {
    const granted = ["/admin/dashboard", "/admin/blog", "/admin/blog/posts", "/admin/blog/new"];
    expect(selectedKey("/admin/blog/posts", granted)).toBe("/admin/blog/posts");
    expect(selectedKey("/admin/blog/post/7/edit", granted)).toBe("/admin/blog");
    expect(selectedKey("/admin/orders", granted)).toBeUndefined();
    expect(navChain(NAV, "/admin/blog/new").map((i) => i.title)).toEqual(["nav.blog", "nav.newPost"]);
    expect(navChain(NAV, undefined)).toEqual([]);
  });

  it("lists the leaves a user can open, with their section's icon", () => {
    expect(navLeaves(NAV).map(({ item, icon }) => `${item.path}:${icon}`)).toEqual([
      "/admin/dashboard:dashboard",
      "/admin/blog/posts:blog",
      "/admin/blog/new:blog",
    ]);
  });
});

describe("route progress", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts the data provider's calls in flight", async () => {
    let finish!: () => void;
    const provider = trackCalls({
      getList: () => new Promise((resolve) => (finish = () => resolve({ data: [], total: 0 }))),
      getApiUrl: () => "/api",
    } as unknown as DataProvider);
    expect(provider.getApiUrl()).toBe("/api");
    const pending = provider.getList({ resource: "blog" });
    expect(activity.busy()).toBe(true);
    finish();
    await pending;
    expect(activity.busy()).toBe(false);
  });

  it("does not count the shell's background reading", async () => {
    let finish!: () => void;
    const provider = trackCalls({
      custom: () => new Promise((resolve) => (finish = () => resolve({ data: {} }))),
    } as unknown as DataProvider);
    const pending = provider.custom!({ url: "/api/notify/getmessagenotify", method: "get", meta: BACKGROUND });
    expect(activity.busy()).toBe(false);
    finish();
    await pending;
    expect(activity.busy()).toBe(false);
  });

  it("appears only when the change is still busy after 300 ms, and goes when it is done", async () => {
    activity.callStarted();
    render(
      <MemoryRouter>
        <RouteProgress />
      </MemoryRouter>,
    );
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByTestId("route-progress")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(screen.getByTestId("route-progress")).toHaveAttribute("aria-busy", "true");
    act(() => activity.callEnded());
    expect(screen.getByTestId("route-progress")).toHaveAttribute("aria-busy", "false");
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByTestId("route-progress")).toBeNull();
  });

  it("never shows for a change that finishes within 300 ms", async () => {
    activity.chunkStarted();
    render(
      <MemoryRouter>
        <RouteProgress />
      </MemoryRouter>,
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    act(() => activity.chunkEnded());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByTestId("route-progress")).toBeNull();
  });
});
