import { act, render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AuthProvider, useAuthContext } from "../../src/providers/session";
import { clearSession, storeSession } from "../../src/providers/session-store";
import { fakeJwt } from "./helpers";

function Who() {
  const { isAuthenticated, user, granted } = useAuthContext();
  return <p>{isAuthenticated ? `${user?.username}:${granted.join(",")}` : "signed out"}</p>;
}

describe("useAuthContext", () => {
  it("throws outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useAuthContext())).toThrow("useAuthContext context must be use inside AuthProvider");
  });

  it("follows sign-in and sign-out", () => {
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByText("signed out")).toBeInTheDocument();
    act(() =>
      storeSession(
        fakeJwt(60, "editor"),
        { id: 2, username: "editor", email: "e@x.th", firstName: "E", lastName: "D", role: "editor", shops: [] },
        [
          {
            subheader: "nav.content",
            items: [
              { title: "nav.blog", path: "/admin/blog" },
              { title: "nav.routes", path: "/admin/routes", roles: ["admin"] },
            ],
          },
        ],
      ),
    );
    expect(screen.getByText("editor:/admin/blog")).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.getByText("signed out")).toBeInTheDocument();
  });
});
