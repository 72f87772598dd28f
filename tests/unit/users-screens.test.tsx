import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
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
import { checkedOf, overrides } from "../../src/features/users/generated";
import { GeneratedForm } from "../../src/components/kit/generated/GeneratedForm";
import { GeneratedList } from "../../src/components/kit/generated/GeneratedList";
import { AccountPage } from "../../src/features/users/AccountPage";
import type { MenuNode, UserSummary } from "../../src/features/users/model";
import type { RowOf } from "../../src/api";
import kit from "../../public/locales/en/kit.json";
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
  {
    path: "/admin/setting",
    title: "nav.setting",
    group: "nav.management",
    icon: null,
    onlyFor: null,
    children: [
      { path: "/admin/setting/user", title: "nav.settingUser", onlyFor: null },
      { path: "/admin/setting/role", title: "nav.settingRole", onlyFor: null },
    ],
  },
  { path: "/admin/audit", title: "nav.audit", group: "nav.management", icon: null, onlyFor: ["admin"], children: [] },
];
type RoleRow = RowOf<"/api/v2/roles">;
const role = (over: Partial<RoleRow> = {}): RoleRow => ({
  id: 7,
  code: "merchandiser",
  name: "Merchandiser",
  builtin: false,
  userCount: 2,
  menus: ["/admin/product", "/admin/product/listproduct"],
  version: "v1",
  ...over,
});
const ADMIN = role({
  id: 1,
  code: "admin",
  name: "Administrator",
  builtin: true,
  userCount: 1,
  menus: ["/admin/dashboard"],
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

let detail: RoleRow;
/** What the server answers a role change instead of the changed role. */
let refusal: { status: number; data: object } | undefined;
let http: ReturnType<typeof mockHttp>;
let passwordAnswer: { status: number; data: object };

function reply(req: Recorded): { status: number; data?: unknown; headers?: Record<string, string> } {
  const path = req.url.split("?")[0];
  switch (`${req.method} ${path}`) {
    case "GET /api/user/getlistMenuNew":
      return { status: 200, data: { items: TREE } };
    case "GET /api/v2/roles/7":
      return { status: 200, data: detail };
    case "GET /api/v2/roles":
      return { status: 200, data: [ADMIN, detail], headers: { "x-total-count": "2" } };
    case "GET /api/v2/saved-views":
      return { status: 200, data: [], headers: { "x-total-count": "0" } };
    case "PATCH /api/v2/roles/7":
      return (
        refusal ?? { status: 200, data: { ...detail, menus: (req.data as { menus: string[] }).menus, version: "v2" } }
      );
    case "GET /api/user/useraccount":
      return { status: 200, data: { data: ME } };
    case "POST /api/v2/my-account/password":
      return passwordAnswer;
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const ROLE_SCREEN = overrides["setting-role"];
/** The generated roles screen at `path`, with the users feature's overrides (as the kit's pages load them). */
function renderRoles(path: string) {
  return renderIn(
    <>
      <Routes>
        <Route path="/admin/setting/role" element={<GeneratedList screen="setting-role" overrides={ROLE_SCREEN} />} />
        <Route
          path="/admin/setting/role/:id"
          element={<GeneratedForm screen="setting-role" id="7" overrides={ROLE_SCREEN} />}
        />
      </Routes>
      <Where />
    </>,
    path,
  );
}

function renderIn(children: React.ReactNode, path = "/admin/setting/user") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Refine
          dataProvider={{ default: createDataProvider([users]), rest: restDataProvider }}
          routerProvider={routerProvider}
          resources={users.resources}
          i18nProvider={englishFrom(ENGLISH)}
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
/** A menu's box in the tree, by its words (a menu the role cannot take has them in a span of their own). */
const checkbox = (title: string) =>
  screen
    .getByText(title, { selector: ".ant-tree-title, .ant-tree-title > span" })
    .closest(".ant-tree-treenode")!
    .querySelector(".ant-tree-checkbox")!;

const ENGLISH = { ...usersStrings, ...common, ...shell, ...kit };
// The generated screens read their words through react-i18next, the features' overrides through Refine.
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: ENGLISH } },
    react: { useSuspense: false },
  });
});

beforeEach(() => {
  detail = role();
  refusal = undefined;
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

  it("lists the roles: built-in ones in the user's words, the administrator holding every menu, the others their count", async () => {
    renderRoles("/admin/setting/role");
    expect(await screen.findByText("Merchandiser")).toBeInTheDocument();
    const row = (name: string) => screen.getByText(name).closest("tr")!;
    // The built-in role's label is the shell's words (roles.admin), not its stored name.
    expect(within(row(common.roles.admin)).getByText(usersStrings.users.role.everything)).toBeInTheDocument();
    expect(within(row("Merchandiser")).getAllByText("2")).toHaveLength(2);
    // The version is no column.
    expect(screen.queryByText("v1")).toBeNull();
    expect(screen.getByRole("columnheader", { name: usersStrings.users.role.fields.menus })).toBeInTheDocument();
  });

  it("edits a role: its menus checked in the tree, admin-only items off limits, saved with the version read", async () => {
    renderRoles("/admin/setting/role/7");
    await screen.findByText("Product list", { selector: ".ant-tree-title" });
    expect(checkbox("Product list")).toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox("Products")).toHaveClass("ant-tree-checkbox-indeterminate");
    expect(checkbox("Dashboard")).not.toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox(shell.nav.audit)).toHaveClass("ant-tree-checkbox-disabled");
    // The version travels hidden: no field shows it.
    expect(screen.queryByDisplayValue("v1")).toBeNull();

    fireEvent.click(checkbox("Dashboard"));
    fireEvent.click(checkbox("Product list"));
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(sent("PATCH", "/api/v2/roles/7")).toHaveLength(1));
    expect(sent("PATCH", "/api/v2/roles/7")[0].data).toEqual({
      name: "Merchandiser",
      menus: ["/admin/dashboard"],
      version: "v1",
    });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/admin/setting/role"));
  });

  it("keeps the roles menu with the users menu: checked with it, never on its own, and not sent", async () => {
    detail = role({ menus: ["/admin/setting", "/admin/setting/user", "/admin/setting/role"] });
    renderRoles("/admin/setting/role/7");
    await screen.findByText(shell.nav.settingRole, { selector: ".ant-tree-title > span" });
    expect(checkbox(shell.nav.settingRole)).toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox(shell.nav.settingRole)).toHaveClass("ant-tree-checkbox-disabled");
    fireEvent.click(checkbox(shell.nav.settingUser));
    await waitFor(() => expect(checkbox(shell.nav.settingRole)).not.toHaveClass("ant-tree-checkbox-checked"));
    fireEvent.click(checkbox(shell.nav.settingUser));
    await waitFor(() => expect(checkbox(shell.nav.settingRole)).toHaveClass("ant-tree-checkbox-checked"));
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(sent("PATCH", "/api/v2/roles/7")).toHaveLength(1));
    // The section is whole without the roles leaf, which the server adds with the users leaf.
    expect((sent("PATCH", "/api/v2/roles/7")[0].data as { menus: string[] }).menus.sort()).toEqual([
      "/admin/setting",
      "/admin/setting/user",
    ]);
  });

  it("checks the tree from the keyboard: arrows to a menu, Enter to check it", async () => {
    renderRoles("/admin/setting/role/7");
    await screen.findByText("Dashboard", { selector: ".ant-tree-title" });
    // The tree takes the keys in its focusable box (Tab reaches it): Down to the first menu, Enter checks it.
    const keys = screen.getByLabelText("for screen reader");
    fireEvent.focus(keys);
    fireEvent.keyDown(keys, { key: "ArrowDown", keyCode: 40, which: 40 });
    fireEvent.keyDown(keys, { key: "Enter", keyCode: 13, which: 13 });
    await waitFor(() => expect(checkbox("Dashboard")).toHaveClass("ant-tree-checkbox-checked"));
  });

  it("puts a taken name on its field, and a change made meanwhile (a stale version) in a message, the form kept", async () => {
    renderRoles("/admin/setting/role/7");
    await screen.findByText("Product list", { selector: ".ant-tree-title" });
    const name = screen.getByLabelText(usersStrings.users.role.fields.name);
    fireEvent.change(name, { target: { value: "Buyers" } });
    refusal = {
      status: 409,
      data: {
        status: 409,
        message: "A role named Buyers already exists.",
        errors: [{ field: "name", message: "name is already used by another role" }],
      },
    };
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    expect(await screen.findByText("name is already used by another role")).toBeInTheDocument();

    const stale = "This role was changed by someone else since you opened it. Reload it and try again.";
    refusal = { status: 409, data: { status: 409, message: stale, errors: [{ field: "version", message: stale }] } };
    fireEvent.change(name, { target: { value: "Buyers two" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(screen.getByTestId("where").textContent).toBe("/admin/setting/role/7");
  });

  it("keeps a built-in role's name, and the administrator role as it is: every menu checked and locked", async () => {
    detail = role({ code: "editor", name: "Content editor", builtin: true });
    const { unmount } = renderRoles("/admin/setting/role/7");
    expect(await screen.findByText(usersStrings.users.role.builtinName)).toBeInTheDocument();
    expect(screen.getByLabelText(usersStrings.users.role.fields.name)).toBeDisabled();
    unmount();

    detail = role({ code: "admin", name: "Administrator", builtin: true, menus: [] });
    renderRoles("/admin/setting/role/7");
    await screen.findByText(usersStrings.users.role.adminLocked);
    expect(checkbox("Dashboard")).toHaveClass("ant-tree-checkbox-checked");
    expect(checkbox("Dashboard")).toHaveClass("ant-tree-checkbox-disabled");
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
