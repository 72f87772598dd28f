import { describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { CreateButton, EditButton, ShowButton } from "../../src/components/kit/buttons";
import { accessControlProvider } from "../../src/providers/access-control";
import type { NavGroup } from "../../src/providers/session-store";
import { resources } from "../../src/resources";

function signIn(role: string, nav: NavGroup[]) {
  localStorage.setItem("users", JSON.stringify({ id: 1, username: role, role, shops: [] }));
  localStorage.setItem("navConfig", JSON.stringify(nav));
}

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function renderButtons() {
  return render(
    <MemoryRouter initialEntries={["/start"]}>
      <Refine
        dataProvider={{} as never}
        routerProvider={routerProvider}
        accessControlProvider={accessControlProvider}
        resources={resources}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Where />
                <CreateButton resource="blog">New post</CreateButton>
                <EditButton resource="blog" recordItemId={7} hideText aria-label="Edit post 7" />
                <ShowButton resource="blog" recordItemId={7} hideText aria-label="View post 7" />
                <ShowButton resource="product" recordItemId={8} hideText aria-label="View product 8" />
                <EditButton resource="product" recordItemId={8} hideText aria-label="Edit product 8" />
              </>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

describe("record buttons", () => {
  it("are single links to the screen's pages, and a plain click moves inside the app", async () => {
    signIn("admin", [
      { subheader: "c", items: [{ title: "nav.blog", path: "/admin/blog" }] },
      {
        subheader: "p",
        items: [
          {
            title: "nav.products",
            path: "/admin/product",
            children: [{ title: "nav.productList", path: "/admin/product/listproduct" }],
          },
        ],
      },
    ]);
    renderButtons();
    const edit = await screen.findByRole("link", { name: "Edit post 7" });
    expect(edit).toHaveAttribute("href", "/admin/blog/post/7/edit");
    expect(edit.querySelector("button, a")).toBeNull();
    expect(await screen.findByRole("link", { name: /New post/ })).toHaveAttribute("href", "/admin/blog/new");
    expect(await screen.findByRole("link", { name: "View post 7" })).toHaveAttribute("href", "/admin/blog/post/7");
    expect(await screen.findByRole("link", { name: "Edit product 8" })).toHaveAttribute("href", "/admin/product/8");
    // Products have no page of their own to show: no button for it.
    await waitFor(() => expect(screen.queryByRole("link", { name: "View product 8" })).toBeNull());
    fireEvent.click(edit, { button: 0 });
    expect(screen.getByRole("status")).toHaveTextContent("/admin/blog/post/7/edit");
  });

  it("are not drawn for a screen the signed-in user is not granted", async () => {
    signIn("editor", [{ subheader: "c", items: [{ title: "nav.blog", path: "/admin/blog" }] }]);
    renderButtons();
    expect(await screen.findByRole("link", { name: "Edit post 7" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Edit product 8" })).toBeNull());
  });
});
