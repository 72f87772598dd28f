import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes } from "react-router";
import { cancelExpiryTimer } from "../../src/providers/auth";
import LoginPage from "../../src/pages/auth/login";
import { SettingsProvider } from "../../src/providers/settings-context";
import { fakeJwt, keysOnlyI18n, mockHttp } from "./helpers";

keysOnlyI18n();

let restore: () => void = () => {};
afterEach(() => {
  restore();
  cancelExpiryTimer();
});

function renderLogin(path = "/login", typeLogin: "staff" | "supplier" = "staff") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SettingsProvider>
        <Routes>
          <Route path={path} element={<LoginPage typeLogin={typeLogin} />} />
          <Route path="/supplier/dashboard" element={<p>supplier home</p>} />
        </Routes>
      </SettingsProvider>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(users: string, password: string) {
  const [userInput] = await screen.findAllByRole("textbox");
  fireEvent.change(userInput, { target: { value: users } });
  fireEvent.change(document.querySelector("input[type=password]")!, { target: { value: password } });
  // Enter in the form submits it, as a keyboard user would.
  fireEvent.submit(userInput.closest("form")!);
}

describe("login page", () => {
  it("shows the server's message when sign-in fails", async () => {
    const m = mockHttp(() => ({ status: 401, data: { status: 401, message: "Incorrect username or password." } }));
    restore = m.restore;
    renderLogin();
    await fillAndSubmit("admin", "wrong-password");
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect username or password.");
    expect(m.calls[0].data).toEqual({ users: "admin", password: "wrong-password", typeLogin: "staff" });
  });

  it("signs a supplier in with typeLogin 'supplier' and opens the first granted screen", async () => {
    const user = {
      id: 3,
      username: "supplier1",
      email: "s@x.th",
      firstName: "Som",
      lastName: "Chai",
      role: "supplier",
      shops: [{ id: 1, name: "Baan" }],
    };
    const navConfig = [{ subheader: "nav.overview", items: [{ title: "nav.dashboard", path: "/supplier/dashboard" }] }];
    const m = mockHttp(() => ({
      status: 200,
      data: {
        status: 200,
        message: "ok",
        accessToken: fakeJwt(3600, "supplier"),
        user,
        navConfig,
        roles: ["supplier"],
      },
    }));
    restore = m.restore;
    renderLogin("/supplier/login", "supplier");
    await fillAndSubmit(" supplier1 ", "Demo@2026");
    expect(await screen.findByText("supplier home")).toBeInTheDocument();
    expect(m.calls[0].data).toEqual({ users: "supplier1", password: "Demo@2026", typeLogin: "supplier" });
  });

  it("asks for both fields before calling the server", async () => {
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    renderLogin();
    fireEvent.submit((await screen.findAllByRole("textbox"))[0].closest("form")!);
    await waitFor(() => expect(screen.getByText("auth.usersRequired")).toBeInTheDocument());
    expect(m.calls).toHaveLength(0);
  });

  it("takes a name or password of only spaces as missing (the server refuses blank text)", async () => {
    const m = mockHttp(() => ({ status: 200, data: {} }));
    restore = m.restore;
    renderLogin();
    await fillAndSubmit("   ", " \t ");
    await waitFor(() => expect(screen.getByText("auth.passwordRequired")).toBeInTheDocument());
    expect(screen.getByText("auth.usersRequired")).toBeInTheDocument();
    expect(m.calls).toHaveLength(0);
  });
});
