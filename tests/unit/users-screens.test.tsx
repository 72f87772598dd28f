import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter } from "react-router";
import { App as AntApp } from "antd";
import usersStrings from "../../public/locales/en/users.json";
import common from "../../public/locales/en/common.json";
import shell from "../../public/locales/en/shell.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { canOpen } from "../../src/providers/access-control";
import { findResource } from "../../src/resources";
import { users } from "../../src/features/users/resource";
import { checkedOf, RoleDrawer } from "../../src/features/users/RoleDrawer";
import { AccountPage } from "../../src/features/users/AccountPage";
import type { MenuNode, RoleDetail, UserSummary } from "../../src/features/users/model";
import { englishFrom, mockHttp, type Recorded } from "./helpers";

/** The users screens over their real data providers; the HTTP layer answers like the server (tests/server/users.test.ts covers that). */
const TREE: MenuNode[] = [
  { path: "/admin/dashboard", title: "nav.dashboard", group: "nav.overview", icon: null, onlyFor: null, children: [] },
  {
    path: "/admin/product",
    title: "nav.products",
    group: "nav.catalogue",
    icon: null,
    onlyFor: null,
    children: [
      { path: "/admin/product/listproduct", title: "nav.productList", onlyFor: null },
      { path: "/admin/product/visible", title: "nav.productVisible", onlyFor: null },
    ],
  },
  { path: "/admin/audit", title: "nav.audit", group: "nav.management", icon: null, onlyFor: ["admin"], children: [] },
];
const role = (over: Partial<RoleDetail> = {}): RoleDetail => ({
  id: 7,
  code: "merchandiser",
  name: "Merchandiser",
  area: "admin",
  builtin: false,
  editable: true,
  userCount: 2,
  menuCount: 2,
  menus: ["/admin/product", "/admin/product/listproduct"],
  version: "v1",
  ...over,
});
const ME: UserSummary = {
  id: 2,
  username: "editor",
  email: "editor@example.com",
  firstName: "Pimchanok",
  lastName: "Srisuk",
  phone: null,
  roleId: 2,
  role: "editor",
  roleName: "Editor",
  area: "admin",
  status: "active",
  employeeCode: null,
  department: null,
  position: null,
  userType: null,
  invitation: null,
  shops: [],
  createdAt: "2025-11-22T02:00:00Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

let detail: RoleDetail;
let http: ReturnType<typeof mockHttp>;
let passwordAnswer: { status: number; data: object };

function reply(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  switch (`${req.method} ${path}`) {
    case "GET /api/user/getlistMenuNew":
      return { status: 200, data: { items: TREE } };
    case "GET /api/user/getdetailrole":
      return { status: 200, data: { data: detail } };
    case "PATCH /api/v2/roles/7":
      return { status: 200, data: { ...detail, menus: (req.data as { menus: string[] }).menus, version: "v2" } };
    case "GET /api/user/useraccount":
      return { status: 200, data: { data: ME } };
    case "POST /api/v2/my-account/password":
      return passwordAnswer;
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

function renderIn(children: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={["/admin/setting/user"]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([users]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={users.resources}
          i18nProvider={englishFrom({ ...usersStrings, ...common, ...shell })}
          notificationProvider={useNotificationProvider}
          options={{
            disableTelemetry: true,
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
          }}
        >
          {children}
        </Refine>
      </AntApp>
    </MemoryRouter>,
  );
}

const sent = (method: string, path: string) =>
  http.calls.filter((c) => c.method === method && c.url.split("?")[0] === path);
const checkbox = (title: string) =>
  screen
    .getByText(title, { selector: ".ant-tree-title" })
    .closest(".ant-tree-treenode")!
    .querySelector(".ant-tree-checkbox")!;

beforeEach(() => {
  detail = role();
  passwordAnswer = { status: 200, data: { status: 200, message: "Your password is changed." } };
  http = mockHttp(reply);
});
afterEach(() => http.restore());

describe("role editor", () => {
  it("checks a role's leaves (a section only through them) and sections without leaves", () => {
    expect(checkedOf(TREE, ["/admin/product", "/admin/product/listproduct", "/admin/dashboard"])).toEqual([
      "/admin/dashboard",
      "/admin/product/listproduct",
    ]);
    // A section granted alone does not check its leaves.
    expect(checkedOf(TREE, ["/admin/product"])).toEqual([]);
  });

  it("shows the menu tree with the role's menus checked, admin-only items off limits, and saves the new menus with the version read", async () => {
    const saved: string[] = [];
    renderIn(<RoleDrawer roleId={7} onClose={() => undefined} onSaved={() => saved.push("saved")} />);
    await screen.findByText("Product list", { selector: ".ant-tree-title" });
    expect(checkbox("Product list")).toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox("Products")).toHaveClass("ant-tree-checkbox-indeterminate");
    expect(checkbox("Dashboard")).not.toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox(shell.nav.audit)).toHaveClass("ant-tree-checkbox-disabled");

    fireEvent.click(checkbox("Dashboard"));
    fireEvent.click(checkbox("Product list"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual(["saved"]));
    const [patch] = sent("PATCH", "/api/v2/roles/7");
    expect(patch.data).toEqual({ version: "v1", menus: ["/admin/dashboard"], name: "Merchandiser" });
  });

  it("keeps the administrator role as it is: every menu checked, nothing to save", async () => {
    detail = role({ id: 7, code: "admin", name: "Administrator", builtin: true, editable: false, menus: [] });
    renderIn(<RoleDrawer roleId={7} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByText(usersStrings.users.roles.adminLocked);
    expect(checkbox("Dashboard")).toHaveClass("ant-tree-checkbox-checked");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});

describe("own account", () => {
  it("asks for the same new password twice before sending, and puts the server's refusal on the current password", async () => {
    renderIn(<AccountPage screenId="account" />);
    await screen.findByText("editor@example.com");
    const form = screen.getByText("Change password").closest("form")!;
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "wrong-one1" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "Another2026x" } });
    fireEvent.change(within(form).getByLabelText("Repeat the new password"), { target: { value: "Another2026y" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("The two passwords differ")).toBeInTheDocument();
    expect(sent("POST", "/api/v2/my-account/password")).toHaveLength(0);

    passwordAnswer = {
      status: 400,
      data: {
        status: 400,
        message: "The current password is not correct.",
        errors: [{ field: "currentPassword", message: "The current password is not correct." }],
      },
    };
    fireEvent.change(within(form).getByLabelText("Repeat the new password"), { target: { value: "Another2026x" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(sent("POST", "/api/v2/my-account/password")).toHaveLength(1), { timeout: 10_000 });
    expect(await within(form).findByText("The current password is not correct.")).toBeInTheDocument();
    expect(sent("POST", "/api/v2/my-account/password")[0].data).toEqual({
      currentPassword: "wrong-one1",
      newPassword: "Another2026x",
    });
  });

  it("is open to every signed-in user of its area, without a grant, and to no one of the other area", () => {
    const admin = findResource("account")!.meta;
    const supplier = findResource("supplier-account")!.meta;
    expect(canOpen(admin, [], "editor")).toBe(true);
    expect(canOpen(admin, [], "merchandiser")).toBe(true);
    expect(canOpen(admin, [], "supplier")).toBe(false);
    expect(canOpen(supplier, [], "supplier")).toBe(true);
    expect(canOpen(supplier, ["/supplier/account"], "admin")).toBe(false);
    expect(canOpen(admin, [], undefined)).toBe(false);
  });
});
